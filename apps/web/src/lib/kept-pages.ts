/**
 * The pages of open tabs stay mounted while hidden (app/layout/kept-outlet.tsx). This is how
 * the rest of the app talks to that outlet without importing the layout: a page can ask to
 * start afresh next time, the tags view can wait for a page to be on screen, and the
 * navigation guard learns where a page that comes back was scrolled to.
 */

type Listener = () => void;
const listeners = new Set<Listener>();
const emit = () => {
  for (const listener of listeners) listener();
};

let discarded: ReadonlySet<string> = new Set();

/**
 * The page of `routeName` is not kept once it is left (or at once, when it is hidden now):
 * its next visit mounts it afresh. For "leave without saving", a finished form, a refresh.
 */
export const discardKeptPage = (routeName: string): void => {
  if (discarded.has(routeName)) return;
  discarded = new Set([...discarded, routeName]);
  emit();
};

/** The outlet's acknowledgement: these pages are gone, their requests are settled. */
export const settleDiscarded = (routeNames: Iterable<string>): void => {
  const next = new Set(discarded);
  for (const name of routeNames) next.delete(name);
  if (next.size === discarded.size) return;
  discarded = next;
  emit();
};

export const discardedPages = (): ReadonlySet<string> => discarded;

export const subscribeKeptPages = (listener: Listener): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

// ---------------------------------------------------------------------------
// The page on screen, for code that must wait until a page it navigated to is shown.

let shown: string | null = null;
const shownWaiters = new Set<() => void>();

export const setShownPage = (routeName: string | null): void => {
  shown = routeName;
  for (const wake of [...shownWaiters]) wake();
};

export const shownPage = (): string | null => shown;

/** Resolves true once `routeName` is the page on screen (its effects have run), false after `timeoutMs`. */
export const whenShown = (routeName: string, timeoutMs = 10_000): Promise<boolean> => {
  if (shown === routeName) return Promise.resolve(true);
  return new Promise((resolve) => {
    const finish = (result: boolean) => {
      clearTimeout(timer);
      shownWaiters.delete(check);
      resolve(result);
    };
    const check = () => {
      if (shown === routeName) finish(true);
    };
    const timer = setTimeout(() => finish(false), timeoutMs);
    shownWaiters.add(check);
  });
};

// ---------------------------------------------------------------------------
// Scroll: a page that comes back is where the user left it; any other page starts at the top.

const scrollTops = new Map<string, number>();
let pendingScrollTop = 0;

export const rememberScrollTop = (routeName: string, top: number): void => {
  scrollTops.set(routeName, top);
};

export const forgetScrollTop = (routeName: string): void => {
  scrollTops.delete(routeName);
};

/** Set by the outlet when a kept page comes back (or a page is mounted: 0). */
export const noteShownScrollTop = (routeName: string | null, cameBack: boolean): void => {
  pendingScrollTop = routeName && cameBack ? (scrollTops.get(routeName) ?? 0) : 0;
};

/**
 * Where the window scrolls after a navigation (SPEC section 2: to the top, but a kept page back
 * where it was). Read once, unless `peek`: the outlet restores it before the browser paints and
 * the navigation guard, whose effect runs after, goes to the same place.
 */
export const takeScrollTopAfterNavigation = (peek = false): number => {
  const top = pendingScrollTop;
  if (!peek) pendingScrollTop = 0;
  return top;
};
