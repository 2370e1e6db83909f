import type { TTaskKind } from "@vrf/contract/hi-checker/tasks.ts";

/**
 * Where each figure of the Hi-Checker home leads (app/route-registry.ts): the checker list
 * (CkHiMitChecker, which reads `?status=`), the open tasks (CheckerTaskList) and the ended ones
 * (HistoricalRecords, which reads `?kind=`, `?from=` and `?to=`, local days, both inclusive).
 */
export const CHECKER_DASHBOARD_LINKS = {
  checkers: "/equipmentCenter/ckHiMitChecker",
  offlineCheckers: "/equipmentCenter/ckHiMitChecker?status=offline",
  openTasks: "/equipmentCenter/CheckerTaskList",
  history: "/equipmentCenter/HistoricalRecords",
} as const;

/** The ended tasks created on one day, of one kind when given: what a bar of the charts opens. */
export const historyDayPath = (day: string, kind?: TTaskKind): string =>
  `${CHECKER_DASHBOARD_LINKS.history}?${new URLSearchParams({ ...(kind ? { kind } : {}), from: day, to: day })}`;
