import { z } from "zod";
import { defineEndpoint } from "../endpoint.ts";
import { ZRepairReportItem, ZRepairStatus } from "./repair-report.ts";

/** One handling step: a note, a status change, or both, by whom and when. */
export const ZRepairTimelineEntry = z.object({
  id: z.number().int(),
  note: z.string(),
  fromStatus: ZRepairStatus.nullable(),
  toStatus: ZRepairStatus.nullable(),
  accountName: z.string(),
  accountEmail: z.string(),
  createdAt: z.string(),
});
export type TRepairTimelineEntry = z.output<typeof ZRepairTimelineEntry>;

export const ZRepairReportDetail = ZRepairReportItem.extend({
  deviceCode: z.string().nullable(),
  projectCode: z.string().nullable(),
  /** Oldest first. */
  timeline: z.array(ZRepairTimelineEntry),
});
export type TRepairReportDetail = z.output<typeof ZRepairReportDetail>;

export const getRepairReport = defineEndpoint({
  method: "GET",
  path: "/hmt-web/distributor/repair_report/detail",
  request: z.object({ id: z.coerce.number().int().positive() }),
  response: ZRepairReportDetail,
});
