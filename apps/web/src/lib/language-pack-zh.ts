import zhCN from "antd/locale/zh_CN";
import dayjs from "dayjs";
import "dayjs/locale/zh-cn";
import type { LanguagePack, LocaleTree } from "./i18n.ts";

/**
 * Everything Chinese the app needs, fetched as one chunk only when the page starts in Chinese
 * (lib/i18n.ts `startLanguage`): the texts of the sign-in pages and the module chooser, antd's strings and dayjs's locale.
 */
export const pack: LanguagePack = {
  // Only the areas of the pages before the module shell; the rest comes with the shell (shell-texts-zh.ts).
  texts: import.meta.glob<LocaleTree>("../locales/zh/{auth,common,errors,moduleChoice,menu}.json", {
    eager: true,
    import: "default",
  }),
  antdLocale: zhCN,
  startDates: () => {
    dayjs.locale("zh-cn");
  },
};
