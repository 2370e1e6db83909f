// The ES module build (antd/locale/* is its CommonJS one): it shares antd's modules with the rest
// of the app instead of bringing CommonJS copies of them.
import zhCN from "antd/es/locale/zh_CN";
import type { LanguagePack, LocaleTree } from "./i18n.ts";

/**
 * What every page needs in Chinese, fetched as one chunk only when the page starts in Chinese
 * (lib/i18n.ts `startLanguage`): the texts of the areas any page may show and antd's strings (dayjs's
 * Chinese comes with the pages that show dates, shell-texts-zh.ts).
 */
export const pack: LanguagePack = {
  // Only the areas any page may show; each page's own come with it (sign-in-, dashboard-, shell-texts-zh.ts).
  texts: import.meta.glob<LocaleTree>("../locales/zh/{common,errors,menu}.json", {
    eager: true,
    import: "default",
  }),
  antdLocale: zhCN,
};
