import type { LocaleTree } from "./i18n.ts";

/**
 * The English texts of every area the sign-in pages do not use (language-pack-en.ts has
 * those): fetched with the module shell (`loadShellTexts`), so the first load of the sign-in page
 * does not carry the texts of every list and form of the portal.
 */
export const texts = import.meta.glob<LocaleTree>(
  ["../locales/en/*.json", "!../locales/en/{auth,common,errors,moduleChoice,menu}.json"],
  {
    eager: true,
    import: "default",
  },
);
