import type { TaskListKind } from "../utils/list-query.ts";

/**
 * Query keys of the task pages. The lists are refreshed by the checkers' task events
 * (utils/live-keys.ts) and by the feature's own writes (`all`); a task's own page by the events
 * of that task (and, for a collection, of its checker's units).
 */
export const checkerTaskKeys = {
  all: ["checker-tasks"] as const,
  lists: (list: TaskListKind) => ["checker-tasks", "list", list] as const,
  list: (list: TaskListKind, request: unknown) => ["checker-tasks", "list", list, request] as const,
  checkers: ["checker-tasks", "checkers"] as const,
  checkerOptions: (keyword: string) => ["checker-tasks", "checkers", keyword] as const,
  checker: (id: number | null) => ["checker-tasks", "checkers", "one", id] as const,
  task: (id: string) => ["checker-tasks", "task", id] as const,
  frames: (taskId: string) => ["checker-tasks", "frames", taskId] as const,
  framePage: (taskId: string, request: unknown) => ["checker-tasks", "frames", taskId, request] as const,
  readings: (taskId: string) => ["checker-tasks", "readings", taskId] as const,
  readingPage: (taskId: string, request: unknown) => ["checker-tasks", "readings", taskId, request] as const,
  unitHistory: (taskId: string) => ["checker-tasks", "unit-history", taskId] as const,
  unitHistoryOf: (taskId: string, unit: unknown, period: unknown) =>
    ["checker-tasks", "unit-history", taskId, unit, period] as const,
  reports: (taskId: string) => ["checker-tasks", "reports", taskId] as const,
  units: (deviceId: number) => ["checker-tasks", "units", deviceId] as const,
};
