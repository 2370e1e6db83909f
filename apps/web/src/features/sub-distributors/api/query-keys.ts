/** Every query of this feature sits under one key, so any change refreshes list, counts and invitations together. */
export const SUB_DISTRIBUTORS_KEY = ["sub-distributors"] as const;

export const subDistributorKeys = {
  list: (request: unknown) => [...SUB_DISTRIBUTORS_KEY, "list", request] as const,
  counts: () => [...SUB_DISTRIBUTORS_KEY, "counts"] as const,
  events: (id: number) => [...SUB_DISTRIBUTORS_KEY, "events", id] as const,
  invitations: (request: unknown) => [...SUB_DISTRIBUTORS_KEY, "invitations", request] as const,
};
