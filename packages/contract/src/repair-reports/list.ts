import { z } from "zod";
import { ZPage, ZPageRequest } from "../common-data.ts";
import { defineEndpoint } from "../endpoint.ts";
import { KEYWORD_MAX, ZIsoDateTime, ZText } from "../rules.ts";
import { ZRepairReportItem, ZRepairStatus } from "./repair-report.ts";

export const REPAIR_REPORT_SORTS = ["reportedAt", "updatedAt", "status", "userName", "serialNumber"] as const;
export type TRepairReportSort = (typeof REPAIR_REPORT_SORTS)[number];

export const repairReportFilterFields = {
  /** Matches user name, e-mail, serial number, or a reference such as RR000042. */
  keyword: ZText(KEYWORD_MAX).optional(),
  status: ZRepairStatus.optional(),
  /** Reported at or after (ISO-8601). */
  from: ZIsoDateTime.optional(),
  /** Reported before (ISO-8601). */
  to: ZIsoDateTime.optional(),
  organisationId: z.number().int().positive().optional(),
  projectId: z.number().int().positive().optional(),
};

/** The "to" end of a report-time range is not before its "from" end. */
export const validRange = (f: { from?: string | undefined; to?: string | undefined }): boolean =>
  !f.from || !f.to || new Date(f.from) <= new Date(f.to);

export const ZRepairReportListRequest = ZPageRequest.extend({
  sort: z.enum(REPAIR_REPORT_SORTS).optional(),
  ...repairReportFilterFields,
}).refine(validRange, { message: "timeRange", path: ["to"] });
export type TRepairReportListRequest = z.input<typeof ZRepairReportListRequest>;

export const ZRepairStatusCounts = z.object({
  unresolved: z.number().int(),
  inProcess: z.number().int(),
  resolved: z.number().int(),
});
export type TRepairStatusCounts = z.output<typeof ZRepairStatusCounts>;

/** The page, plus how many reports each status holds under the other filters (for the status tabs). */
export const listRepairReports = defineEndpoint({
  method: "POST",
  path: "/hmt-web/distributor/repair_report/list",
  request: ZRepairReportListRequest,
  response: ZPage(ZRepairReportItem).extend({ counts: ZRepairStatusCounts }),
});
export type TRepairReportPage = z.output<typeof listRepairReports.response>;
