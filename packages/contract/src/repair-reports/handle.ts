import { z } from "zod";
import { defineEndpoint } from "../endpoint.ts";
import { NOTE_MAX, ZText } from "../rules.ts";
import { ZRepairReportDetail } from "./detail.ts";
import { ZRepairStatus } from "./repair-report.ts";

export const ZRepairNote = ZText(NOTE_MAX, { multiline: true, tooLong: "noteTooLong" });

/** Adds a handling note and/or moves the report to another status, in one step. */
export const ZHandleRepairReportRequest = z
  .object({
    id: z.number().int().positive(),
    note: ZRepairNote.default(""),
    status: ZRepairStatus.optional(),
  })
  .refine((r) => r.note !== "" || r.status !== undefined, { message: "noteOrStatusRequired", path: ["note"] });
export type THandleRepairReportRequest = z.input<typeof ZHandleRepairReportRequest>;

export const handleRepairReport = defineEndpoint({
  method: "POST",
  path: "/hmt-web/distributor/repair_report/handle",
  request: ZHandleRepairReportRequest,
  response: ZRepairReportDetail,
});
