import type { TeamRole } from "@vrf/contract/team/team.ts";

export type TeamModule = 2 | 5;

/** The modules a team member may be granted, in the order the forms show them. */
export const TEAM_MODULES: readonly TeamModule[] = [2, 5];

export interface GrantValues {
  authorities: TeamModule[];
  role: TeamRole;
}

/** A new colleague starts as a member of both modules; the form changes what is needed. */
export const DEFAULT_GRANT: GrantValues = { authorities: [2, 5], role: "member" };

/** The grantable modules among an account's authorities (as the API lists them). */
export const modulesOf = (authorities: readonly number[]): TeamModule[] =>
  authorities.filter((a): a is TeamModule => a === 2 || a === 5);

/** An administrator needs Distributor Cloud (the server refuses otherwise): dropping it makes a member. */
export const fitRoleToModules = (values: GrantValues): GrantValues =>
  values.role === "admin" && !values.authorities.includes(2) ? { ...values, role: "member" } : values;
