import { z } from "zod";
import { ZPage, ZPageRequest } from "../common-data.ts";
import { defineEndpoint } from "../endpoint.ts";
import { ZEmail, ZText } from "../rules.ts";

/**
 * Team members: the accounts of one organisation. An administrator (team role "admin") invites
 * colleagues by e-mail, grants each the modules they may open (authority 2 Distributor Cloud,
 * 5 Hi-Checker) and a team role, changes or removes members and cancels invitations. Every
 * call is confined to the caller's own organisation (another's rows answer 404), and only an
 * administrator may make it (403).
 */
export const TEAM_ROLES = ["admin", "member"] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/** Company (organisation) names: trimmed, 2 to 100 characters. */
export const COMPANY_NAME_MIN = 2;
export const COMPANY_NAME_MAX = 100;
export const ZCompanyName = ZText(COMPANY_NAME_MAX, { tooLong: "companyNameLength" })
  .min(1, { message: "companyNameRequired" })
  // One problem per value: an empty name is "required", not also "too short".
  .refine((v) => v.length === 0 || v.length >= COMPANY_NAME_MIN, { message: "companyNameLength" });

/** Invitations stay open this long; inviting the same address again starts the time afresh. */
export const TEAM_INVITATION_DAYS = 7;
/** Open invitations per organisation at once. */
export const TEAM_PENDING_INVITATIONS_MAX = 50;
/** Accounts plus open invitations per organisation. */
export const TEAM_SIZE_MAX = 200;

const ZModule = z.union([z.literal(2), z.literal(5)]);
/** The modules granted: at least one, each once, in ascending order on the way out. */
export const ZTeamModules = z
  .array(ZModule)
  .min(1, { message: "modulesRequired" })
  .max(2)
  .transform((list) => [...new Set(list)].sort((a, b) => a - b));

const ZRole = z.enum(TEAM_ROLES, { message: "roleRequired" });

/** An administrator manages the team from Distributor Cloud, so the role needs that module. */
const grantsRules = <T extends { authorities: number[]; role: TeamRole }>(value: T, ctx: z.RefinementCtx) => {
  if (value.role === "admin" && !value.authorities.includes(2)) {
    ctx.addIssue({ code: "custom", path: ["role"], message: "adminNeedsDistributorCloud" });
  }
};

export const ZTeamGrant = z.object({ authorities: ZTeamModules, role: ZRole }).superRefine(grantsRules);

export const ZTeamMember = z.object({
  /** The account's id. */
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  authorities: z.array(z.number().int()),
  role: z.enum(TEAM_ROLES),
  /** The caller's own row (it cannot be changed or removed). */
  self: z.boolean(),
  createdAt: z.string(),
});
export type TTeamMember = z.output<typeof ZTeamMember>;

export const ZTeamInvitation = z.object({
  id: z.number().int(),
  email: z.string(),
  authorities: z.array(z.number().int()),
  role: z.enum(TEAM_ROLES),
  invitedBy: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  expired: z.boolean(),
});
export type TTeamInvitation = z.output<typeof ZTeamInvitation>;

const ZId = z.coerce.number().int().positive();
const byId = z.object({ id: ZId });
const ZListRequest = ZPageRequest.omit({ sort: true, order: true });

export const listTeamMembers = defineEndpoint({
  method: "POST",
  path: "/hmt-web/distributor/team/members/list",
  request: ZListRequest,
  response: ZPage(ZTeamMember),
});

export const updateTeamMember = defineEndpoint({
  method: "POST",
  path: "/hmt-web/distributor/team/members/update",
  request: z.object({ id: ZId, authorities: ZTeamModules, role: ZRole }).superRefine(grantsRules),
  response: ZTeamMember,
});

export const removeTeamMember = defineEndpoint({
  method: "POST",
  path: "/hmt-web/distributor/team/members/remove",
  request: byId,
  response: z.null(),
});

export const listTeamInvitations = defineEndpoint({
  method: "POST",
  path: "/hmt-web/distributor/team/invitations/list",
  request: ZListRequest,
  response: ZPage(ZTeamInvitation),
});

/** Inviting an address with an open invitation refreshes it: new grants, new link, seven days again. */
export const createTeamInvitation = defineEndpoint({
  method: "POST",
  path: "/hmt-web/distributor/team/invitations/create",
  request: z.object({ email: ZEmail, authorities: ZTeamModules, role: ZRole }).superRefine(grantsRules),
  response: ZTeamInvitation,
});

export const cancelTeamInvitation = defineEndpoint({
  method: "POST",
  path: "/hmt-web/distributor/team/invitations/cancel",
  request: byId,
  response: z.null(),
});

export const getTeamOrganisation = defineEndpoint({
  method: "GET",
  path: "/hmt-web/distributor/team/organisation",
  request: z.object({}),
  response: z.object({ name: z.string() }),
});

export const renameTeamOrganisation = defineEndpoint({
  method: "POST",
  path: "/hmt-web/distributor/team/organisation/rename",
  request: z.object({ name: ZCompanyName }),
  response: z.object({ name: z.string() }),
});
