import { PASSWORD_MAX, PASSWORD_MIN, passwordProblem } from "@vrf/contract/rules.ts";

/**
 * Why a new password cannot be used, checked in the order the user can fix them. The
 * contract decides length and format; "same" and "mismatch" are the change form's own rules.
 */
export type NewPasswordProblem = "required" | "length" | "format" | "same";

export const newPasswordProblem = (
  value: string | undefined,
  oldPassword: string | undefined,
): NewPasswordProblem | null => {
  if (!value) return "required";
  const problem = passwordProblem(value);
  if (problem) return problem;
  if (oldPassword && value === oldPassword) return "same";
  return null;
};

export const confirmationProblem = (
  value: string | undefined,
  newPassword: string | undefined,
): "required" | "mismatch" | null => {
  if (!value) return "required";
  return value === newPassword ? null : "mismatch";
};

export type PasswordHintKey = "length" | "noChinese" | "noSpaces" | "differs";

// One character at a time through the contract's rule, padded to a valid length, so the
// checklist and the server never disagree about which characters are refused.
const breaksFormat = (character: string): boolean =>
  passwordProblem(character.padStart(PASSWORD_MIN, "a")) === "format";

/** The live checklist under the new-password field. */
export const passwordChecklist = (value: string, oldPassword: string): { key: PasswordHintKey; met: boolean }[] => {
  const characters = [...value];
  return [
    { key: "length", met: value.length >= PASSWORD_MIN && value.length <= PASSWORD_MAX },
    { key: "noChinese", met: !characters.some((c) => !/\s/.test(c) && breaksFormat(c)) },
    { key: "noSpaces", met: !characters.some((c) => /\s/.test(c)) },
    { key: "differs", met: value.length > 0 && value !== oldPassword },
  ];
};
