import { z } from "zod";
import { ZDevicePageRequest } from "../devices/common.ts";
import { defineEndpoint } from "../endpoint.ts";
import { RANGES, TEXT_CHECKS } from "../rules.ts";

/**
 * What a task gathered: a capture task's bus frames (MessageReport) and a collection task's unit
 * data (checkerData). The task must be one the caller sees (else 404).
 */
const ZTaskId = z.uuid().max(36, { message: "tooLong" }).check(TEXT_CHECKS.line);

const optionalInt = (min: number, max: number) =>
  z.preprocess((v) => (v === "" || v === null ? undefined : v), z.coerce.number().int().min(min).max(max).optional());

/** A byte pattern to search frames for: hex digits, whole bytes, spaces allowed between them. */
export const FRAME_PATTERN_MAX_BYTES = 32;
const ZHexPattern = z.preprocess(
  (v) => (typeof v === "string" ? v.replace(/\s+/g, "").toLowerCase() : v),
  z
    .string()
    .max(FRAME_PATTERN_MAX_BYTES * 2, { message: "hexPattern" })
    .regex(/^(?:[0-9a-f]{2})*$/, { message: "hexPattern" })
    .check(TEXT_CHECKS.line)
    .optional()
    .transform((v) => (v === "" ? undefined : v)),
);

export const ZFrameFilter = z.object({
  taskId: ZTaskId,
  /** Frames from or to this bus address. */
  address: optionalInt(0, 255),
  command: optionalInt(0, 255),
  /** Frames holding these bytes, anywhere. */
  pattern: ZHexPattern,
});

export const ZFrameListRequest = ZDevicePageRequest.omit({ sort: true, order: true }).extend(ZFrameFilter.shape);
export type TFrameListRequest = z.input<typeof ZFrameListRequest>;

export const ZFrame = z.object({
  /** The frame's number in its task, from 1, in the order it was grabbed. */
  n: z.number().int(),
  at: z.string(),
  source: z.number().int().nullable(),
  destination: z.number().int().nullable(),
  command: z.number().int().nullable(),
  /** Null for a frame that is not a well-formed bus frame. */
  checksumOk: z.boolean().nullable(),
  hex: z.string(),
});
export type TFrame = z.output<typeof ZFrame>;

export const listHiCheckerTaskFrames = defineEndpoint({
  method: "GET",
  path: "/hmt-web/himit-checker/tasks/frames",
  request: ZFrameListRequest,
  response: z.object({
    list: z.array(ZFrame),
    total: z.number().int(),
    pageNum: z.number().int(),
    pageSize: z.number().int(),
  }),
});

/** Frames one export holds at most; a larger capture is exported a filter (or a part) at a time. */
export const FRAME_EXPORT_MAX = 200_000;

export const exportHiCheckerTaskFrames = defineEndpoint({
  method: "GET",
  path: "/hmt-web/himit-checker/tasks/frames/export",
  request: ZFrameFilter,
  response: z.instanceof(Blob),
});

/** The columns of a collection task's outdoor and indoor readings, in their order in `values`. */
export const TASK_OUTDOOR_FIELDS = [
  "compressorHz",
  "highPressureMpa",
  "lowPressureMpa",
  "dischargeTempC",
  "suctionTempC",
  "outdoorAirTempC",
  "fanRpm",
  "eevMainPulses",
  "eevSubPulses",
  "currentA",
] as const;
export const TASK_INDOOR_FIELDS = [
  "roomTempC",
  "setTempC",
  "eevPulses",
  "pipeLiquidTempC",
  "pipeGasTempC",
  "powerOn",
  "mode",
  "fanSpeed",
  "louver",
] as const;

export const ZReadingsRequest = ZDevicePageRequest.omit({ sort: true, order: true }).extend({
  taskId: ZTaskId,
  side: z.enum(["outdoor", "indoor"]),
  systemNumber: z.coerce.number().int().min(RANGES.systemNumber.min).max(RANGES.systemNumber.max),
  address: z.coerce.number().int().min(0).max(RANGES.indoorAddress.max),
});
export type TReadingsRequest = z.input<typeof ZReadingsRequest>;

export const ZReadingRow = z.object({
  at: z.string(),
  /** STATUS_WORDS' code, or null when this report did not hold the unit. */
  statusWord: z.number().int().nullable(),
  /** One value per field of the side (TASK_OUTDOOR_FIELDS / TASK_INDOOR_FIELDS); mode and fan speed as codes. */
  values: z.array(z.number().nullable()),
});
export type TReadingRow = z.output<typeof ZReadingRow>;

export const listHiCheckerTaskReadings = defineEndpoint({
  method: "GET",
  path: "/hmt-web/himit-checker/tasks/readings",
  request: ZReadingsRequest,
  response: z.object({
    fields: z.array(z.string()),
    list: z.array(ZReadingRow),
    total: z.number().int(),
    pageNum: z.number().int(),
    pageSize: z.number().int(),
  }),
});

/** Rows one export of a unit's readings holds at most (a day at one report a second fits). */
export const READINGS_EXPORT_MAX = 100_000;

export const exportHiCheckerTaskReadings = defineEndpoint({
  method: "GET",
  path: "/hmt-web/himit-checker/tasks/readings/export",
  request: ZReadingsRequest.omit({ pageNum: true, pageSize: true }),
  response: z.instanceof(Blob),
});
