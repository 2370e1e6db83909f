/**
 * Pages with unsaved edits register a guard under their route name; code that
 * closes a page without navigating through the router (the tags view) asks
 * here first. A guard resolves true when the page may go (saved or discarded).
 */
export type LeaveGuard = () => Promise<boolean>;

const guards = new Map<string, LeaveGuard>();

/** Registers the guard of a route; returns the unregister function (for an effect's cleanup). */
export const registerLeaveGuard = (routeName: string, guard: LeaveGuard): (() => void) => {
  guards.set(routeName, guard);
  return () => {
    if (guards.get(routeName) === guard) guards.delete(routeName);
  };
};

/** True when every named page may be closed; asks their guards one after another, stops at the first "stay". */
export const confirmLeave = async (routeNames: readonly string[]): Promise<boolean> => {
  for (const name of routeNames) {
    const guard = guards.get(name);
    if (guard && !(await guard())) return false;
  }
  return true;
};
