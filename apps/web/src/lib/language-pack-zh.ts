import zhCN from "antd/locale/zh_CN";
import dayjs from "dayjs";
import "dayjs/locale/zh-cn";
import type { LanguagePack, LocaleTree } from "./i18n.ts";

/**
 * Everything Chinese the app needs, fetched as one chunk only when the page starts in Chinese
 * (lib/i18n.ts `startLanguage`): the texts of every area, antd's strings and dayjs's locale.
 */
export const pack: LanguagePack = {
  texts: import.meta.glob<LocaleTree>("../locales/zh/*.json", { eager: true, import: "default" }),
  antdLocale: zhCN,
  startDates: () => {
    dayjs.locale("zh-cn");
  },
};
