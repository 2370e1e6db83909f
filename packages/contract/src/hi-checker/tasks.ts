import { z } from "zod";
import { ZPage } from "../common-data.ts";
import { ZDevicePageRequest, ZId, ZOptionalId, ZOptionalText, ZProjectRef } from "../devices/common.ts";
import { defineEndpoint } from "../endpoint.ts";
import { inRange, NOTE_MAX, RANGES, TEXT_CHECKS, ZIsoDateTime, ZText } from "../rules.ts";

/**
 * A checker's task (SPEC section 5): message capture (bus frames, every `intervalS` seconds a
 * batch) or data collection (unit data every `intervalS` seconds), from when the checker accepts
 * it until its end time or until it is stopped. One task at a time per checker. Start and stop
 * are device commands (DESIGN section 10); what the task gathered belongs to the checker's
 * organisation.
 */
export const TASK_KINDS = ["capture", "collection"] as const;
export const ZTaskKind = z.enum(TASK_KINDS);
export type TTaskKind = z.output<typeof ZTaskKind>;

/**
 * `starting`: the start command is on its way; `running`: the checker accepted it; `stopping`:
 * the stop command is on its way; then one of the ended states: `finished` (its end time came),
 * `stopped` (someone stopped it), `failed` (the checker refused or never answered the start).
 */
export const TASK_STATUSES = ["starting", "running", "stopping", "finished", "stopped", "failed"] as const;
export const ZTaskStatus = z.enum(TASK_STATUSES);
export type TTaskStatus = z.output<typeof ZTaskStatus>;
export const ENDED_TASK_STATUSES: readonly TTaskStatus[] = ["finished", "stopped", "failed"];

/** Why a task failed: the checker refused it, never answered, or the broker could not be reached. */
export const TASK_FAILURES = ["rejected", "timedOut", "brokerUnavailable"] as const;
export const ZTaskFailure = z.enum(TASK_FAILURES);

export const TASK_NAME_MAX = 50;
/** A task runs at most this long: a site visit, or a few weeks of a stationary checker watching a system. */
export const TASK_MAX_DAYS = 31;

export const ZCheckerTask = z.object({
  id: z.string(),
  deviceId: z.number().int(),
  /** The checker's Wi-Fi id and alias, as its list shows them. */
  deviceCode: z.string(),
  deviceAlias: z.string(),
  project: ZProjectRef,
  name: z.string(),
  kind: ZTaskKind,
  intervalS: z.number().int(),
  notes: z.string(),
  status: ZTaskStatus,
  failure: ZTaskFailure.nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  /** When the checker accepted the start, and when the task ended. */
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  /** The end time it was given. */
  endAt: z.string(),
  /** Capture: bus frames kept. Collection: unit-data reports kept in the task's period. */
  frameCount: z.number().int(),
  snapshotCount: z.number().int(),
  /** Bytes the task's data takes. */
  storedBytes: z.number().int(),
});
export type TCheckerTask = z.output<typeof ZCheckerTask>;

/** A new task's end: epoch ms or ISO-8601; checked against the server's clock (later than now). */
const ZEndAt = z.union([z.number().int().min(0), ZIsoDateTime]);

export const ZCreateTaskRequest = z
  .object({
    deviceId: ZId,
    name: ZText(TASK_NAME_MAX).min(1, { message: "required" }),
    kind: ZTaskKind,
    intervalS: z.coerce.number().int(),
    endAt: ZEndAt,
    notes: ZText(NOTE_MAX, { multiline: true }).default(""),
  })
  .superRefine((task, ctx) => {
    const [range, message] =
      task.kind === "capture"
        ? [RANGES.captureIntervalSeconds, "captureInterval"]
        : [RANGES.collectionIntervalSeconds, "collectionInterval"];
    if (!inRange(task.intervalS, range)) ctx.addIssue({ code: "custom", message, path: ["intervalS"] });
  });
export type TCreateTaskRequest = z.input<typeof ZCreateTaskRequest>;

export const createHiCheckerTask = defineEndpoint({
  method: "POST",
  path: "/hmt-web/himit-checker/tasks/create",
  request: ZCreateTaskRequest,
  response: ZCheckerTask,
});

const ZTaskRef = z.object({ id: z.uuid().max(36, { message: "tooLong" }).check(TEXT_CHECKS.line) });

export const stopHiCheckerTask = defineEndpoint({
  method: "POST",
  path: "/hmt-web/himit-checker/tasks/stop",
  request: ZTaskRef,
  response: ZCheckerTask,
});

export const getHiCheckerTask = defineEndpoint({
  method: "GET",
  path: "/hmt-web/himit-checker/tasks/get",
  request: ZTaskRef,
  response: ZCheckerTask,
});

/** `open`: starting, running or stopping (CheckerTaskList); `ended`: the history (HistoricalRecords). */
export const TASK_LIST_STATES = ["open", "ended"] as const;

export const ZTaskListRequest = ZDevicePageRequest.extend({
  state: z.enum(TASK_LIST_STATES).optional(),
  deviceId: ZOptionalId,
  kind: z.preprocess((v) => (v === "" ? undefined : v), ZTaskKind.optional()),
  status: z.preprocess((v) => (v === "" ? undefined : v), ZTaskStatus.optional()),
  /** Task name, checker Wi-Fi id or alias, contains. */
  keyword: ZOptionalText(64),
  /** Created from / to, epoch ms. */
  from: z.coerce.number().int().min(0).optional(),
  to: z.coerce.number().int().min(0).optional(),
}).refine((r) => r.from === undefined || r.to === undefined || r.from <= r.to, {
  message: "timeRange",
  path: ["to"],
});

export const listHiCheckerTasks = defineEndpoint({
  method: "GET",
  path: "/hmt-web/himit-checker/tasks/list",
  request: ZTaskListRequest,
  response: ZPage(ZCheckerTask),
});
