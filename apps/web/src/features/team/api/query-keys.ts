/** Every query of the team page sits under one key, so any change refreshes members, invitations and the name together. */
export const TEAM_KEY = ["team"] as const;

export const teamKeys = {
  organisation: () => [...TEAM_KEY, "organisation"] as const,
  members: (request: unknown) => [...TEAM_KEY, "members", request] as const,
  invitations: (request: unknown) => [...TEAM_KEY, "invitations", request] as const,
};
