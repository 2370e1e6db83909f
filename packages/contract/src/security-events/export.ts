import { z } from "zod";
import { defineEndpoint } from "../endpoint.ts";
import { securityEventFilterFields, validSecurityEventRange } from "./list.ts";

/** A spreadsheet is for reading; past this many rows the filters should be narrowed. */
export const SECURITY_EVENT_EXPORT_MAX_ROWS = 10_000;

/** The filtered log as an xlsx file, newest first, times in the viewer's zone. */
export const exportSecurityEvents = defineEndpoint({
  method: "POST",
  path: "/hmt-web/distributor/security-events/export",
  request: z
    .object({
      ...securityEventFilterFields,
      /** Minutes east of UTC, as the browser reports them (negated getTimezoneOffset). */
      utcOffsetMinutes: z.number().int().min(-840).max(840).default(0),
    })
    .refine(validSecurityEventRange, { message: "timeRange", path: ["to"] }),
  response: z.instanceof(Blob),
});
