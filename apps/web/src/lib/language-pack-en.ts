import enUS from "antd/locale/en_US";
import type { LanguagePack, LocaleTree } from "./i18n.ts";

/**
 * Everything English the app needs, fetched as one chunk only when the page starts in English
 * (lib/i18n.ts `startLanguage`): the texts of the sign-in pages and the module chooser, and antd's own strings. dayjs speaks
 * English without a locale file, so it is not imported here: the sign-in page does not need it.
 */
export const pack: LanguagePack = {
  // Only the areas of the pages before the module shell; the rest comes with the shell (shell-texts-en.ts).
  texts: import.meta.glob<LocaleTree>("../locales/en/{auth,common,errors,moduleChoice,menu}.json", {
    eager: true,
    import: "default",
  }),
  antdLocale: enUS,
  startDates: () => {},
};
