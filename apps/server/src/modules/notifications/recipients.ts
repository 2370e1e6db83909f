import { AUTHORITY, languageCodeOf } from "@vrf/contract/constants.ts";
import { parseAuthorities } from "../session/session.service.ts";
import type { Subscriber } from "./notification.repository.ts";

/** The address a subscriber chose, or the sign-in address when none. */
export const addressOf = (s: Pick<Subscriber, "email" | "accountEmail">): string => s.email.trim() || s.accountEmail;

export const languageOf = (s: Pick<Subscriber, "languageId">) => languageCodeOf(s.languageId);

/** Only Distributor Cloud users get its mails: a checker-only account cannot open what they point to. */
export const usesDistributorCloud = (s: Pick<Subscriber, "authorities">): boolean =>
  parseAuthorities(s.authorities).includes(AUTHORITY.distributor);
