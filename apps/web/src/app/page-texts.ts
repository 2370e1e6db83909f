import { loadDashboardTexts, loadShellTexts, loadSignInTexts } from "../lib/i18n.ts";

/**
 * A lazy page's loader that also fetches the texts it needs beyond the start pack's (lib/i18n.ts):
 * the page renders once both have arrived, fetched side by side.
 */
const withTexts =
  (texts: () => Promise<void>) =>
  <T>(load: () => Promise<T>) =>
  (): Promise<T> =>
    Promise.all([load(), texts()]).then(([m]) => m);

/** The sign-in pages' and the module chooser's own areas. */
export const withSignInTexts = withTexts(() => loadSignInTexts());

/** The texts of every area beyond the start pack's, the sign-in pages' and the dashboard's: the module shell's pages. */
export const withShellTexts = withTexts(() => loadShellTexts());

/** The dashboard's own area only: the module's home, opened first, does not wait for every page's texts. */
export const withDashboardTexts = withTexts(() => loadDashboardTexts());
