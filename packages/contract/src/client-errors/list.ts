import { z } from "zod";
import { ZPage, ZPageRequest } from "../common-data.ts";
import { defineEndpoint } from "../endpoint.ts";
import { ZIsoDateTime } from "../rules.ts";
import { CLIENT_ERROR_KINDS } from "./report.ts";

/**
 * The web app's errors in the browsers of the caller's own organisation, newest
 * first. A distributor reads them; a sub-distributor's are its own.
 */

export const ZClientError = z.object({
  id: z.number().int(),
  // Text, not the enum: a row written by a newer server must not break an older reader.
  kind: z.string(),
  message: z.string(),
  stack: z.string().nullable(),
  url: z.string(),
  release: z.string(),
  /** "test" or "prod"; null for reports from before it was sent. Text, like `kind`. */
  environment: z.string().nullable(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  accountId: z.number().int().nullable(),
  email: z.string().nullable(),
  createdAt: z.string(),
});
export type TClientError = z.output<typeof ZClientError>;

/** The "to" end of the range is not before its "from" end. */
export const validClientErrorRange = (f: { from?: string | undefined; to?: string | undefined }): boolean =>
  !f.from || !f.to || new Date(f.from) <= new Date(f.to);

export const ZClientErrorListRequest = ZPageRequest.omit({ sort: true, order: true })
  .extend({
    kinds: z.array(z.enum(CLIENT_ERROR_KINDS)).max(CLIENT_ERROR_KINDS.length).optional(),
    /** At or after (ISO-8601). */
    from: ZIsoDateTime.optional(),
    /** Before (ISO-8601). */
    to: ZIsoDateTime.optional(),
  })
  .refine(validClientErrorRange, { message: "timeRange", path: ["to"] });
export type TClientErrorListRequest = z.input<typeof ZClientErrorListRequest>;

export const listClientErrors = defineEndpoint({
  method: "POST",
  path: "/hmt-web/distributor/client-errors/list",
  request: ZClientErrorListRequest,
  response: ZPage(ZClientError),
});
export type TClientErrorPage = z.output<typeof listClientErrors.response>;
