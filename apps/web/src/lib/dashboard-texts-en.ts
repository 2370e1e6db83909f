import type { LocaleTree } from "./i18n.ts";

/**
 * The English texts of the modules' homes (the distributor dashboard, the Hi-Checker dashboard):
 * fetched with them (`loadDashboardTexts`), so opening one does not wait for the texts of the
 * shell's other pages. Both are small; one file serves either module.
 */
export const texts = import.meta.glob<LocaleTree>(
  ["../locales/en/agency.json", "../locales/en/checkerDashboard.json"],
  {
    eager: true,
    import: "default",
  },
);
