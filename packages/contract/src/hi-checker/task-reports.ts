import { z } from "zod";
import { defineEndpoint } from "../endpoint.ts";
import { ZUtcOffset } from "../faults/fault-filters.ts";
import { NOTE_MAX, TEXT_CHECKS, ZText } from "../rules.ts";

/**
 * A data report of an ended task: a PDF service report for the customer (project, system,
 * checker, the task's period, charts of what it gathered, the checker's faults in the period and
 * the engineer's notes). A task may have several; each is made in the language of the request
 * that created it. The task must be one the caller sees (else 404) and have ended (else
 * `taskNotEnded`).
 */
export const REPORT_TITLE_MAX = 100;
export const REPORT_NOTES_MAX = NOTE_MAX;
/** Reports one task keeps at most (`taskReportLimit`): a few drafts and the one handed over. */
export const REPORTS_PER_TASK_MAX = 20;

const ZUuid = z.uuid().max(36, { message: "tooLong" }).check(TEXT_CHECKS.line);

export const ZCreateTaskReportRequest = z.object({
  taskId: ZUuid,
  /** Blank: the report is titled after its task. */
  title: ZText(REPORT_TITLE_MAX).default(""),
  notes: ZText(REPORT_NOTES_MAX, { multiline: true }).default(""),
});
export type TCreateTaskReportRequest = z.input<typeof ZCreateTaskReportRequest>;

export const ZTaskReport = z.object({
  id: z.string(),
  taskId: z.string(),
  title: z.string(),
  notes: z.string(),
  language: z.enum(["zh", "en"]),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type TTaskReport = z.output<typeof ZTaskReport>;

export const createHiCheckerTaskReport = defineEndpoint({
  method: "POST",
  path: "/hmt-web/himit-checker/tasks/reports/create",
  request: ZCreateTaskReportRequest,
  response: ZTaskReport,
});

/** A task's reports, newest first; a task has few, so the list is not paged. */
export const listHiCheckerTaskReports = defineEndpoint({
  method: "GET",
  path: "/hmt-web/himit-checker/tasks/reports/list",
  request: z.object({ taskId: ZUuid }),
  response: z.object({ list: z.array(ZTaskReport) }),
});

/** The report as a PDF (application/pdf), its times in the viewer's zone (minutes east of UTC). */
export const downloadHiCheckerTaskReport = defineEndpoint({
  method: "GET",
  path: "/hmt-web/himit-checker/tasks/reports/download",
  request: z.object({ id: ZUuid, utcOffsetMinutes: ZUtcOffset }),
  response: z.instanceof(Blob),
});
