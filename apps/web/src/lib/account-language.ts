import { getDefaultLanguage } from "@vrf/contract/basic/language.ts";
import { call } from "./api-client.ts";
import { currentLanguage } from "./i18n.ts";
import { rememberLanguage } from "./language.ts";
import { languageAfterSignIn, languageCookieOf } from "./language-choice.ts";
import { readStorage, StorageKey, writeStorage } from "./storage.ts";

/**
 * Reads the account's default language back (right after `login_pwd`, with its token) and
 * adopts it as `languageAfterSignIn` says. Resolves true when the page must reload to show
 * it; a failed read changes nothing (the browser's language stays).
 */
export async function adoptAccountLanguage(): Promise<boolean> {
  const answer = await call(getDefaultLanguage, {}, { silent: true }).catch(() => null);
  if (!answer) return false;
  writeStorage(StorageKey.defaultLanguageId, answer.defaultLanguageId);
  const code = languageAfterSignIn({
    stored: readStorage(StorageKey.language),
    cookie: typeof document === "undefined" ? null : languageCookieOf(document.cookie),
    accountLanguageId: answer.defaultLanguageId,
  });
  if (code === null) return false;
  rememberLanguage(code);
  return code !== currentLanguage();
}

/**
 * Opens `path` (a hash route) in a fresh page load: a page shows one language (lib/i18n.ts).
 * The address is replaced first without telling the router, so the reload lands there.
 */
export function reloadAt(path: string): void {
  const url = new URL(window.location.href);
  url.hash = path;
  window.history.replaceState(null, "", url);
  window.location.reload();
}
