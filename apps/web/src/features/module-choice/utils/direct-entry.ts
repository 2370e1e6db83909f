import type { AuthorityNum } from "@vrf/contract/constants.ts";

/**
 * Whether the module chooser enters a module by itself. An account holding exactly one
 * module has nothing to choose, so it goes straight in: at sign-in (`moduleToEnter` in
 * features/auth/utils/after-login.ts), and here when the guard sent it to /restrict on its
 * way to a page (`?redirect=`: a module session that ended, a link opened in a new tab).
 * The chooser stays when:
 *  - it was opened to choose (the user menu's "switch module", the registration's
 *    "choose a module"; no redirect), so that entry never bounces back where it came from;
 *  - the chooser entered a module by itself moments ago: something sent the user straight
 *    back, and entering again would loop, so the page shows and its error can be read.
 */
export const AUTO_ENTRY_PAUSE_MS = 30_000;

/** The one module the account holds, or null with none or several. */
export const onlyModule = (authorities: readonly number[]): AuthorityNum | null => {
  const held = [...new Set(authorities)].filter((a): a is AuthorityNum => a === 2 || a === 5);
  return held.length === 1 ? (held[0] as AuthorityNum) : null;
};

export const directEntryModule = (input: {
  authorities: readonly number[];
  /** The page the guard was taking the user to, null when the chooser was opened to choose. */
  redirect: string | null;
  /** When the chooser last entered a module by itself (ms), null if never in this page's life. */
  lastAutoEntryAt: number | null;
  now: number;
}): AuthorityNum | null => {
  if (input.redirect === null) return null;
  if (input.lastAutoEntryAt !== null && input.now - input.lastAutoEntryAt < AUTO_ENTRY_PAUSE_MS) return null;
  return onlyModule(input.authorities);
};
