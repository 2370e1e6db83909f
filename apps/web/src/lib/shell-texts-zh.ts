import dayjs from "dayjs";
import "dayjs/locale/zh-cn";
import type { LocaleTree } from "./i18n.ts";

/**
 * The Chinese texts of every area neither the start pack (language-pack-zh.ts), the sign-in
 * pages (sign-in-texts-zh.ts) nor the dashboard (dashboard-texts-zh.ts) hold: fetched with
 * the other pages of the module shell (`loadShellTexts`), so neither the first load of the sign-in
 * page nor that of the dashboard carries the texts of every list and form of the portal.
 */
export const texts = import.meta.glob<LocaleTree>(
  ["../locales/zh/*.json", "!../locales/zh/{auth,common,errors,moduleChoice,menu,agency,checkerDashboard}.json"],
  {
    eager: true,
    import: "default",
  },
);

/** dayjs in Chinese: only the shell's pages, which wait for these texts, format dates with dayjs. */
export const startDates = (): void => {
  dayjs.locale("zh-cn");
};
