import type { LocaleTree } from "./i18n.ts";

/**
 * The English texts of every area neither the start pack (language-pack-en.ts), the sign-in
 * pages (sign-in-texts-en.ts) nor the dashboard (dashboard-texts-en.ts) hold: fetched with
 * the other pages of the module shell (`loadShellTexts`), so neither the first load of the sign-in
 * page nor that of the dashboard carries the texts of every list and form of the portal.
 */
export const texts = import.meta.glob<LocaleTree>(
  ["../locales/en/*.json", "!../locales/en/{auth,common,errors,moduleChoice,menu,agency,checkerDashboard}.json"],
  {
    eager: true,
    import: "default",
  },
);
