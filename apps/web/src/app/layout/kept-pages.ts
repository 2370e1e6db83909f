import type { RouteEntry } from "../route-registry.ts";

/**
 * Which pages stay mounted (hidden) so that a tab comes back as it was left: filters, page,
 * scroll, half-typed input. Pure, so the rules are tested without a browser.
 */

/** At most this many pages are kept; the ones shown longest ago go first (unless they hold unsaved edits). */
export const MAX_KEPT_PAGES = 10;

/**
 * A route whose page may be kept between visits: a page with a screen of its own, not on SPEC
 * section 4's never-cached list (`noCache` in the registry), not one that only forwards.
 */
export const mayKeepPage = (route: RouteEntry | undefined): route is RouteEntry =>
  route !== undefined && route.kind === "page" && route.component !== null && !route.noCache && !route.forwards;

export interface KeptPagesInput {
  /** Pages kept after the previous navigation, most recently shown first. */
  previous: readonly string[];
  /** The page shown now if it may be kept, else null. */
  active: string | null;
  /** Route names of the open tabs: a page is kept only while its tab is open. */
  openTabs: readonly string[];
  /** Pages asked to start afresh: dropped unless shown now. */
  discarded: ReadonlySet<string>;
  /** Pages with unsaved edits: never dropped to stay within `max`. */
  pinned: ReadonlySet<string>;
  max: number;
}

/** The pages to keep mounted, most recently shown first; the shown page always leads. */
export const keptPageNames = (input: KeptPagesInput): string[] => {
  const { previous, active, discarded, pinned, max } = input;
  const open = new Set(input.openTabs);
  const candidates = [
    ...(active === null ? [] : [active]),
    ...previous.filter((name) => name !== active && open.has(name) && !discarded.has(name)),
  ];
  const always = (name: string) => name === active || pinned.has(name);
  let room = Math.max(0, max - candidates.filter(always).length);
  return candidates.filter((name) => {
    if (always(name)) return true;
    if (room === 0) return false;
    room -= 1;
    return true;
  });
};
