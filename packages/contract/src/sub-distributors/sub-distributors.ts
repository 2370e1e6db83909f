import { z } from "zod";
import { ZPage, ZPageRequest } from "../common-data.ts";
import { defineEndpoint } from "../endpoint.ts";
import { KEYWORD_MAX, ZEmail, ZText } from "../rules.ts";

/**
 * Sub-distributor management: a distributor invites another distributor
 * organisation (by one of its accounts' e-mail) to be associated under it.
 *
 *   0 added ──submit──▶ 1 under review ──accept──▶ 2 associated ──release──▶ 3 released
 *   │                                  └─return──▶ 4 returned
 *   └─delete (the row goes)
 *
 * Released and returned rows are history; the same organisation can be invited again.
 */
export const SUB_DISTRIBUTOR_STATUS = {
  added: 0,
  underReview: 1,
  associated: 2,
  released: 3,
  returned: 4,
} as const;
export type SubDistributorStatus = (typeof SUB_DISTRIBUTOR_STATUS)[keyof typeof SUB_DISTRIBUTOR_STATUS];
export const SUB_DISTRIBUTOR_STATUSES: readonly SubDistributorStatus[] = [0, 1, 2, 3, 4];

export const SUB_DISTRIBUTOR_NOTE_MAX = 200;
export const RETURN_REASON_MAX = 500;

export type SubDistributorAction = "submit" | "editNote" | "delete" | "release" | "accept" | "return";

/** Which action moves a link out of which status; the server refuses every other pair (700023). */
export const SUB_DISTRIBUTOR_TRANSITIONS: Readonly<Record<SubDistributorAction, SubDistributorStatus>> = {
  submit: 0,
  editNote: 0,
  delete: 0,
  release: 2,
  accept: 1,
  return: 1,
};

export const isActionAllowed = (action: SubDistributorAction, status: number): boolean =>
  SUB_DISTRIBUTOR_TRANSITIONS[action] === status;

const ZStatus = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);
const ZId = z.coerce.number().int().positive();
const ZNote = ZText(SUB_DISTRIBUTOR_NOTE_MAX, { multiline: true });

export const ZSubDistributor = z.object({
  id: z.number().int(),
  email: z.string(),
  organisationId: z.number().int(),
  organisationName: z.string(),
  note: z.string(),
  status: ZStatus,
  returnReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TSubDistributor = z.output<typeof ZSubDistributor>;

export const SUB_DISTRIBUTOR_SORTS = ["email", "organisationName", "status", "createdAt", "updatedAt"] as const;

export const listSubDistributors = defineEndpoint({
  method: "POST",
  path: "/hmt-web/distributor/sub-distributors/list",
  request: ZPageRequest.extend({
    sort: z.enum(SUB_DISTRIBUTOR_SORTS).optional(),
    status: ZStatus.optional(),
    /** Matches the account e-mail, the organisation name or the note. */
    keyword: ZText(KEYWORD_MAX).optional(),
  }),
  response: ZPage(ZSubDistributor),
});

/** How many of the caller's links are in each status (for the status filter's counts). */
export const countSubDistributors = defineEndpoint({
  method: "GET",
  path: "/hmt-web/distributor/sub-distributors/counts",
  request: z.object({}),
  response: z.object({ counts: z.array(z.object({ status: ZStatus, count: z.number().int() })) }),
});

export const addSubDistributor = defineEndpoint({
  method: "POST",
  path: "/hmt-web/distributor/sub-distributors/add",
  request: z.object({ email: ZEmail, note: ZNote.default("") }),
  response: ZSubDistributor,
});

const byId = z.object({ id: ZId });

export const submitSubDistributor = defineEndpoint({
  method: "POST",
  path: "/hmt-web/distributor/sub-distributors/submit",
  request: byId,
  response: ZSubDistributor,
});

export const updateSubDistributorNote = defineEndpoint({
  method: "POST",
  path: "/hmt-web/distributor/sub-distributors/update-note",
  request: z.object({ id: ZId, note: ZNote }),
  response: ZSubDistributor,
});

export const deleteSubDistributor = defineEndpoint({
  method: "POST",
  path: "/hmt-web/distributor/sub-distributors/delete",
  request: byId,
  response: z.null(),
});

export const releaseSubDistributor = defineEndpoint({
  method: "POST",
  path: "/hmt-web/distributor/sub-distributors/release",
  request: byId,
  response: ZSubDistributor,
});

export const ZSubDistributorEvent = z.object({
  id: z.number().int(),
  fromStatus: ZStatus.nullable(),
  toStatus: ZStatus,
  reason: z.string().nullable(),
  actorEmail: z.string(),
  actorName: z.string(),
  createdAt: z.string(),
});
export type TSubDistributorEvent = z.output<typeof ZSubDistributorEvent>;

/** A link's history, oldest first. */
export const listSubDistributorEvents = defineEndpoint({
  method: "GET",
  path: "/hmt-web/distributor/sub-distributors/events",
  request: byId,
  response: z.object({ list: z.array(ZSubDistributorEvent) }),
});
