/** Every query of this feature sits under one key. */
export const CLIENT_ERRORS_KEY = ["client-errors"] as const;

export const clientErrorKeys = {
  list: (request: unknown) => [...CLIENT_ERRORS_KEY, "list", request] as const,
};
