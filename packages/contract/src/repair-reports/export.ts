import { z } from "zod";
import { defineEndpoint } from "../endpoint.ts";
import { REPAIR_REPORT_SORTS, repairReportFilterFields, validRange } from "./list.ts";

/** A spreadsheet is for reading; past this many rows the filters should be narrowed. */
export const REPAIR_EXPORT_MAX_ROWS = 10_000;

/** The filtered list as an xlsx file, times in the viewer's zone. */
export const exportRepairReports = defineEndpoint({
  method: "POST",
  path: "/hmt-web/distributor/repair_report/export",
  request: z
    .object({
      ...repairReportFilterFields,
      sort: z.enum(REPAIR_REPORT_SORTS).optional(),
      order: z.enum(["ascend", "descend"]).optional(),
      /** Minutes east of UTC, as the browser reports them (negated getTimezoneOffset). */
      utcOffsetMinutes: z.number().int().min(-840).max(840).default(0),
    })
    .refine(validRange, { message: "timeRange", path: ["to"] }),
  response: z.instanceof(Blob),
});
