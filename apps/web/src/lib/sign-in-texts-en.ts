import type { LocaleTree } from "./i18n.ts";

/**
 * The English texts of the sign-in pages and the module chooser: fetched with those pages
 * (`loadSignInTexts`), so a first load of the module shell does not carry them.
 */
export const texts = import.meta.glob<LocaleTree>("../locales/en/{auth,moduleChoice}.json", {
  eager: true,
  import: "default",
});
