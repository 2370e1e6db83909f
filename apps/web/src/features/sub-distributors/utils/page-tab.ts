export type ManagementTab = "subDistributors" | "invitations";

/** `?tab=invitations` opens the invitations; anything else the distributor's own list. */
export const parseTabParam = (value: string | null): ManagementTab =>
  value === "invitations" ? "invitations" : "subDistributors";
