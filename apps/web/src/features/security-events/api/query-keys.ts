/** Every query of this feature sits under one key. */
export const SECURITY_EVENTS_KEY = ["security-events"] as const;

export const securityEventKeys = {
  list: (request: unknown) => [...SECURITY_EVENTS_KEY, "list", request] as const,
  accounts: () => [...SECURITY_EVENTS_KEY, "accounts"] as const,
};
