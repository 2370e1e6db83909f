import type { TaskListKind } from "../utils/list-query.ts";

/**
 * Query keys of the task pages. The lists are refreshed by the checkers' task events
 * (utils/live-keys.ts) and by the feature's own writes (`all`).
 */
export const checkerTaskKeys = {
  all: ["checker-tasks"] as const,
  lists: (list: TaskListKind) => ["checker-tasks", "list", list] as const,
  list: (list: TaskListKind, request: unknown) => ["checker-tasks", "list", list, request] as const,
  checkers: ["checker-tasks", "checkers"] as const,
  checkerOptions: (keyword: string) => ["checker-tasks", "checkers", keyword] as const,
  checker: (id: number | null) => ["checker-tasks", "checkers", "one", id] as const,
};
