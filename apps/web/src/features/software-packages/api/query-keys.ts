/** Every query of the packages page sits under one key: an upload or a delete refreshes them all. */
export const PACKAGES_KEY = ["software-packages"] as const;

export const packageKeys = {
  list: (request: unknown) => [...PACKAGES_KEY, "list", request] as const,
  rules: () => [...PACKAGES_KEY, "rules"] as const,
};

/**
 * The rollouts' queries, refreshed by the feature's own writes (`all`) and by the checkers'
 * rollout events (utils/live-keys.ts): the list, one rollout, and its targets page by page.
 */
export const rolloutKeys = {
  all: [...PACKAGES_KEY, "rollouts"] as const,
  lists: [...PACKAGES_KEY, "rollouts", "list"] as const,
  list: (request: unknown) => [...PACKAGES_KEY, "rollouts", "list", request] as const,
  one: (id: string) => [...PACKAGES_KEY, "rollouts", "one", id] as const,
  targets: (id: string) => [...PACKAGES_KEY, "rollouts", "targets", id] as const,
  targetPage: (id: string, request: unknown) => [...PACKAGES_KEY, "rollouts", "targets", id, request] as const,
  /** The checkers offered to a new rollout, with their connection. */
  checkers: [...PACKAGES_KEY, "checkers"] as const,
  checkerPage: (request: unknown) => [...PACKAGES_KEY, "checkers", request] as const,
};
