import { BOUND_USERS_MAX } from "@vrf/contract/devices/checkers.ts";
import { isEmail } from "@vrf/contract/rules.ts";

export type BoundEmailProblem = "invalid" | "self" | "duplicate" | "tooMany";

export const normaliseEmail = (value: string): string => value.trim().toLowerCase();

/**
 * Why an e-mail cannot join the bound users, checked before the server is asked:
 * the signed-in user may not bind themselves (SPEC section 5), and no address twice.
 */
export const boundEmailProblem = (
  value: string,
  current: readonly string[],
  ownEmail: string,
): BoundEmailProblem | null => {
  const email = normaliseEmail(value);
  if (!isEmail(email)) return "invalid";
  if (ownEmail && email === normaliseEmail(ownEmail)) return "self";
  if (current.some((e) => normaliseEmail(e) === email)) return "duplicate";
  if (current.length >= BOUND_USERS_MAX) return "tooMany";
  return null;
};
