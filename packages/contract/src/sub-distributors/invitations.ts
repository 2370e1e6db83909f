import { z } from "zod";
import { ZPage, ZPageRequest } from "../common-data.ts";
import { defineEndpoint } from "../endpoint.ts";
import { ZText } from "../rules.ts";
import { RETURN_REASON_MAX } from "./sub-distributors.ts";

/**
 * The invited side: links under review addressed to the caller's organisation.
 * Accepting makes every account of that organisation a sub-distributor (roleNum 3).
 */
export const ZInvitation = z.object({
  id: z.number().int(),
  parentOrganisationName: z.string(),
  invitedBy: z.string(),
  invitedEmail: z.string(),
  note: z.string(),
  /** When it was submitted for review. */
  submittedAt: z.string(),
});
export type TInvitation = z.output<typeof ZInvitation>;

export const listInvitations = defineEndpoint({
  method: "POST",
  path: "/hmt-web/distributor/sub-distributors/invitations/list",
  request: ZPageRequest.omit({ sort: true, order: true }),
  response: ZPage(ZInvitation),
});

const byId = z.object({ id: z.coerce.number().int().positive() });

export const acceptInvitation = defineEndpoint({
  method: "POST",
  path: "/hmt-web/distributor/sub-distributors/invitations/accept",
  request: byId,
  response: z.object({ parentOrganisationName: z.string() }),
});

export const returnInvitation = defineEndpoint({
  method: "POST",
  path: "/hmt-web/distributor/sub-distributors/invitations/return",
  request: byId.extend({
    reason: ZText(RETURN_REASON_MAX, { multiline: true }).min(1, { message: "required" }),
  }),
  response: z.null(),
});
