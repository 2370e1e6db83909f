import enUS from "antd/locale/en_US";
import type { LanguagePack, LocaleTree } from "./i18n.ts";

/**
 * Everything English the app needs, fetched as one chunk only when the page starts in English
 * (lib/i18n.ts `startLanguage`): the texts of every area, and antd's own strings. dayjs speaks
 * English without a locale file, so it is not imported here: the sign-in page does not need it.
 */
export const pack: LanguagePack = {
  texts: import.meta.glob<LocaleTree>("../locales/en/*.json", { eager: true, import: "default" }),
  antdLocale: enUS,
  startDates: () => {},
};
