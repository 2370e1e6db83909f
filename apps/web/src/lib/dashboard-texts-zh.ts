import type { LocaleTree } from "./i18n.ts";

/**
 * The Chinese texts of the distributor dashboard (the module's home): fetched with it
 * (`loadDashboardTexts`), so opening it does not wait for the texts of the shell's other pages.
 */
export const texts = import.meta.glob<LocaleTree>("../locales/zh/agency.json", {
  eager: true,
  import: "default",
});
