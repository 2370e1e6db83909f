/**
 * Pages with unsaved edits register a guard under their route name; code that
 * closes a page without navigating through the router (the tags view) asks
 * here first. A guard resolves true when the page may go (saved or discarded).
 *
 * Pages of open tabs stay mounted while hidden (app/layout/kept-outlet.tsx), and a
 * hidden page's effects are cleaned up like an unmount's. Its guard must outlive that:
 * the outlet names the hidden pages (`setHiddenPages`), their unregistering is ignored
 * until they are shown again (and register anew) or really unmounted.
 */
export type LeaveGuard = () => Promise<boolean>;

interface Registration {
  guard: LeaveGuard;
  /** Whether the guard would ask now; without it, a registered guard always counts as asking. */
  hasEdits: (() => boolean) | undefined;
}

const guards = new Map<string, Registration>();
let hidden: ReadonlySet<string> = new Set();

/** Registers the guard of a route; returns the unregister function (for an effect's cleanup). */
export const registerLeaveGuard = (routeName: string, guard: LeaveGuard, hasEdits?: () => boolean): (() => void) => {
  guards.set(routeName, { guard, hasEdits });
  return () => {
    // Hidden, not gone: the page and its edits are still there.
    if (hidden.has(routeName)) return;
    if (guards.get(routeName)?.guard === guard) guards.delete(routeName);
  };
};

/**
 * The outlet's list of pages kept hidden, set in a layout effect (before the hidden pages'
 * effects are cleaned up). A page that left the list was either shown again, and registers
 * again as its effects run, or unmounted: either way its old registration goes.
 */
export const setHiddenPages = (routeNames: ReadonlySet<string>): void => {
  for (const name of hidden) if (!routeNames.has(name)) guards.delete(name);
  hidden = routeNames;
};

/** True when closing the page of `routeName` would ask a question. */
export const needsLeaveQuestion = (routeName: string): boolean => {
  const registration = guards.get(routeName);
  return registration !== undefined && (registration.hasEdits?.() ?? true);
};

/** True when any page, shown or hidden, has edits it would ask about. */
export const hasUnsavedEdits = (): boolean => [...guards.values()].some((r) => r.hasEdits?.() === true);

/** True when every named page may be closed; asks their guards one after another, stops at the first "stay". */
export const confirmLeave = async (routeNames: readonly string[]): Promise<boolean> => {
  for (const name of routeNames) {
    const registration = guards.get(name);
    if (registration && !(await registration.guard())) return false;
  }
  return true;
};
