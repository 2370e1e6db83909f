// The ES module build (antd/locale/* is its CommonJS one): it shares antd's modules with the rest
// of the app instead of bringing CommonJS copies of them.
import enUS from "antd/es/locale/en_US";
import type { LanguagePack, LocaleTree } from "./i18n.ts";

/**
 * What every page needs in English, fetched as one chunk only when the page starts in English
 * (lib/i18n.ts `startLanguage`): the texts of the areas any page may show, and antd's own strings.
 */
export const pack: LanguagePack = {
  // Only the areas any page may show; each page's own come with it (sign-in-, dashboard-, shell-texts-en.ts).
  texts: import.meta.glob<LocaleTree>("../locales/en/{common,errors,menu}.json", {
    eager: true,
    import: "default",
  }),
  antdLocale: enUS,
};
