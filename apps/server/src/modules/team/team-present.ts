import type { TTeamInvitation, TTeamMember } from "@vrf/contract/team/team.ts";
import { parseAuthorities } from "../session/session.service.ts";
import type { InvitationRow, MemberRow } from "./team.repository.ts";

/** Authority numbers as the accounts table keeps them ("2,5"), ascending and once each. */
export const authoritiesText = (authorities: readonly number[]): string =>
  [...new Set(authorities)].sort((a, b) => a - b).join(",");

export const presentMember = (row: MemberRow, callerAccountId: number): TTeamMember => ({
  id: row.id,
  email: row.email,
  name: row.name,
  authorities: parseAuthorities(row.authorities),
  role: row.teamRole,
  self: row.id === callerAccountId,
  createdAt: row.createdAt.toISOString(),
});

export const presentInvitation = (row: InvitationRow, now: Date): TTeamInvitation => ({
  id: row.id,
  email: row.email,
  authorities: parseAuthorities(row.authorities),
  role: row.teamRole,
  invitedBy: row.invitedBy,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  expired: row.expiresAt.getTime() <= now.getTime(),
});
