import { type LanguageCode, languageCodeOf } from "@vrf/contract/constants.ts";
import { cookieValue } from "./cookies.ts";

/** The `language` cookie's value in a `document.cookie` string, if there is one. */
export const languageCookieOf = (cookies: string): string | null => cookieValue(cookies, "language");

/**
 * The language a browser takes at sign-in: the account's saved default language
 * (`get_default_language`, saved by the language selector) when the browser has no choice of
 * its own yet — neither the `language` key nor the cookie, as in a new browser — so a user
 * opens in their language anywhere. A choice made in this browser stands, so one shared
 * browser keeps the language its user picked. Null: nothing to adopt.
 */
export const languageAfterSignIn = (input: {
  stored: string | null;
  cookie: string | null;
  accountLanguageId: number | null;
}): LanguageCode | null => {
  if (input.accountLanguageId === null) return null;
  if (input.stored || input.cookie) return null;
  return languageCodeOf(input.accountLanguageId);
};
