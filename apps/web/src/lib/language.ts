import { setDefaultLanguage } from "@vrf/contract/basic/language.ts";
import { type LanguageCode, languageIdOf } from "@vrf/contract/constants.ts";
import { call } from "./api-client.ts";
import { getToken, StorageKey, writeStorage } from "./storage.ts";

const ONE_YEAR_SECONDS = 365 * 24 * 3600;

/** This browser's language from now on: localStorage and the `language` cookie (SPEC section 4). */
export const rememberLanguage = (code: LanguageCode): void => {
  writeStorage(StorageKey.language, code);
  writeStorage(StorageKey.defaultLanguageId, languageIdOf(code));
  // biome-ignore lint/suspicious/noDocumentCookie: SPEC asks for a `language` cookie; the Cookie Store API is not in every supported browser.
  document.cookie = `language=${code}; path=/; max-age=${ONE_YEAR_SECONDS}; SameSite=Lax`;
};

/**
 * SPEC section 4: remember the choice (localStorage and cookie), save it as the
 * account's default language when signed in (a failure does not block the
 * switch), then reload so every screen and cached query starts in the new language.
 */
export const setLanguage = async (code: LanguageCode): Promise<void> => {
  const languageId = languageIdOf(code);
  rememberLanguage(code);
  if (getToken()) {
    try {
      await call(setDefaultLanguage, { defaultLanguageId: languageId }, { silent: true });
    } catch {
      // The local choice still applies; the server default is refreshed next time.
    }
  }
  window.location.reload();
};
