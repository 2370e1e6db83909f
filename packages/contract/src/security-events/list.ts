import { z } from "zod";
import { ZPage, ZPageRequest } from "../common-data.ts";
import { defineEndpoint } from "../endpoint.ts";
import { KEYWORD_MAX, ZIsoDateTime, ZText } from "../rules.ts";
import { SECURITY_EVENT_TYPES } from "./event-types.ts";

/**
 * The security log of the caller's own organisation, newest first. A distributor
 * reads it; its sub-distributors' logs are theirs, not part of this one.
 */

export const ZSecurityEventType = z.enum(SECURITY_EVENT_TYPES);

/** What an event adds to its type: flat values only, so a table cell and a spreadsheet cell can show them. */
export const ZSecurityEventDetail = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));
export type TSecurityEventDetail = z.output<typeof ZSecurityEventDetail>;

export const ZSecurityEvent = z.object({
  id: z.number().int(),
  // Text, not the enum: a row written by a newer server must not break an older reader.
  type: z.string(),
  accountId: z.number().int().nullable(),
  email: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  detail: ZSecurityEventDetail,
  createdAt: z.string(),
});
export type TSecurityEvent = z.output<typeof ZSecurityEvent>;

export const securityEventFilterFields = {
  /** One account of the organisation (from the accounts endpoint). */
  accountId: z.coerce.number().int().positive().optional(),
  /** Part of the e-mail the event names. */
  email: ZText(KEYWORD_MAX).optional(),
  types: z.array(ZSecurityEventType).max(SECURITY_EVENT_TYPES.length).optional(),
  /** At or after (ISO-8601). */
  from: ZIsoDateTime.optional(),
  /** Before (ISO-8601). */
  to: ZIsoDateTime.optional(),
};

/** The "to" end of the range is not before its "from" end. */
export const validSecurityEventRange = (f: { from?: string | undefined; to?: string | undefined }): boolean =>
  !f.from || !f.to || new Date(f.from) <= new Date(f.to);

export const ZSecurityEventListRequest = ZPageRequest.omit({ sort: true, order: true })
  .extend(securityEventFilterFields)
  .refine(validSecurityEventRange, { message: "timeRange", path: ["to"] });
export type TSecurityEventListRequest = z.input<typeof ZSecurityEventListRequest>;

/**
 * A busy organisation writes millions of events; counting them all on every page
 * would cost more than the page. The total stops at this cap (`totalCapped`), and
 * a filter narrows what is beyond it.
 */
export const SECURITY_EVENT_COUNT_CAP = 10_000;

export const listSecurityEvents = defineEndpoint({
  method: "POST",
  path: "/hmt-web/distributor/security-events/list",
  request: ZSecurityEventListRequest,
  response: ZPage(ZSecurityEvent).extend({ totalCapped: z.boolean() }),
});
export type TSecurityEventPage = z.output<typeof listSecurityEvents.response>;
