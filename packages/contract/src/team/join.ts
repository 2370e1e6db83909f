import { z } from "zod";
import { defineEndpoint } from "../endpoint.ts";
import { TOKEN_MAX, ZCode, ZEmail, ZText } from "../rules.ts";
import { TEAM_ROLES } from "./team.ts";

/**
 * The invited side of a team invitation, on the account platform (no module needed).
 * - Registration: the mail's link carries a token; `previewTeamInvitation` names the
 *   organisation so the sign-up form can show it, and `mailbox_regist` with that e-mail
 *   creates the account inside the organisation with the granted modules.
 * - Sign-in of an existing account: the open invitations addressed to its e-mail are offered;
 *   accepting moves the account only while its own organisation holds nothing but it (no other
 *   accounts, projects, devices or sub-distributor links), else 700803.
 */
/**
 * Which organisation a sign-up joins: by the mail's token, or by the address and its registration
 * code (proof that the caller reads that mailbox) for someone who registers without the link.
 * Null when the address has no open invitation.
 */
export const previewTeamInvitation = defineEndpoint({
  method: "POST",
  path: "/hmt-web/account/team/invitation/preview",
  request: z
    .object({ token: ZText(TOKEN_MAX).min(1).optional(), email: ZEmail.optional(), code: ZCode.optional() })
    .refine((v) => v.token !== undefined || (v.email !== undefined && v.code !== undefined), {
      message: "parameterEmpty",
      path: ["token"],
    }),
  response: z.object({ email: z.string(), organisationName: z.string() }).nullable(),
});

export const ZOfferedInvitation = z.object({
  id: z.number().int(),
  organisationName: z.string(),
  invitedBy: z.string(),
  authorities: z.array(z.number().int()),
  role: z.enum(TEAM_ROLES),
  expiresAt: z.string(),
});
export type TOfferedInvitation = z.output<typeof ZOfferedInvitation>;

export const listOfferedTeamInvitations = defineEndpoint({
  method: "GET",
  path: "/hmt-web/account/team/invitations",
  request: z.object({}),
  response: z.object({ list: z.array(ZOfferedInvitation) }),
});

const byId = z.object({ id: z.coerce.number().int().positive() });

export const acceptTeamInvitation = defineEndpoint({
  method: "POST",
  path: "/hmt-web/account/team/invitations/accept",
  request: byId,
  /** `roles`: the account's authorities now, comma-separated like the sign-in answer. */
  response: z.object({ organisationName: z.string(), roles: z.string() }),
});

export const declineTeamInvitation = defineEndpoint({
  method: "POST",
  path: "/hmt-web/account/team/invitations/decline",
  request: byId,
  response: z.null(),
});
