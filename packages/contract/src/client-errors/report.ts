import { z } from "zod";
import { ZEmpty } from "../common-data.ts";
import { defineEndpoint } from "../endpoint.ts";
import { ZText } from "../rules.ts";

/**
 * An error the web app could not handle, sent by the production build so the
 * distributor can see what broke in their users' browsers. Anyone may send one
 * (an error on the sign-in page has no session); a signed-in sender's
 * organisation and account are recorded with it. The browser is named by the
 * request's User-Agent header, the address by the connection (TRUST_PROXY).
 */

/** SPEC section 9: the page's origin contains localhost or test -> "test", otherwise "prod". */
export const CLIENT_ENVIRONMENTS = ["test", "prod"] as const;
export type ClientEnvironment = (typeof CLIENT_ENVIRONMENTS)[number];

/** Uncaught error, unhandled promise rejection, or a page that a React error boundary replaced. */
export const CLIENT_ERROR_KINDS = ["error", "unhandledRejection", "boundary"] as const;
export type ClientErrorKind = (typeof CLIENT_ERROR_KINDS)[number];

/** The longest text kept of each part; the web app cuts to these before sending. */
export const CLIENT_ERROR_LIMITS = {
  message: 1000,
  stack: 8000,
  url: 2000,
  release: 64,
  userAgent: 300,
} as const;

/** A report's body, common data included, stays well under this (bytes). */
export const CLIENT_ERROR_BODY_MAX = 32 * 1024;

export const ZClientErrorReport = z.object({
  kind: z.enum(CLIENT_ERROR_KINDS),
  message: ZText(CLIENT_ERROR_LIMITS.message, { multiline: true }).min(1),
  stack: ZText(CLIENT_ERROR_LIMITS.stack, { multiline: true, trim: false }).optional(),
  /** The page's address (hash route included). */
  url: ZText(CLIENT_ERROR_LIMITS.url).min(1),
  /** The build that ran. */
  release: ZText(CLIENT_ERROR_LIMITS.release).min(1),
  /** The installation the page runs in, as the page sees its own origin. */
  environment: z.enum(CLIENT_ENVIRONMENTS).optional(),
});
export type TClientErrorReport = z.input<typeof ZClientErrorReport>;

export const reportClientError = defineEndpoint({
  method: "POST",
  path: "/hmt-web/client-errors/report",
  request: ZClientErrorReport,
  response: ZEmpty,
});
