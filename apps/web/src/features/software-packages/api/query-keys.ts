/** Every query of the packages page sits under one key: an upload or a delete refreshes them all. */
export const PACKAGES_KEY = ["software-packages"] as const;

export const packageKeys = {
  list: (request: unknown) => [...PACKAGES_KEY, "list", request] as const,
  rules: () => [...PACKAGES_KEY, "rules"] as const,
};
