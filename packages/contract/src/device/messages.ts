import { z } from "zod";
import {
  PROTOCOL_VERSION,
  type TDeviceTopic,
  ZDeviceText,
  ZDeviceTime,
  ZDeviceUuid,
  ZMessageHeader,
} from "./protocol.ts";
import { ZIndoorSnapshot, ZOutdoorSnapshot, ZUnitSettings } from "./units.ts";

/** Retained. The last will is the same message with `online: false`, its seq reserved at connect. */
export const ZOnlineMessage = ZMessageHeader.extend({
  online: z.boolean(),
  firmware: ZDeviceText(32).optional(),
}).strict();
export type TOnlineMessage = z.output<typeof ZOnlineMessage>;

/** SPEC section 4's checker states a device reports; "offline" is the portal's, from `online`. */
export const DEVICE_STATES = ["grabbing", "collecting", "standby", "online", "other"] as const;
export const ZDeviceState = z.enum(DEVICE_STATES);
export type TDeviceState = z.output<typeof ZDeviceState>;

export const ZStatusMessage = ZMessageHeader.extend({
  state: ZDeviceState,
  /** Storage the device's own data uses, in kB (checkers). */
  storageUsedKb: z.number().int().min(0).max(1_000_000_000).optional(),
  /** The task the checker runs now, or null. */
  taskId: ZDeviceUuid.nullable().optional(),
}).strict();
export type TStatusMessage = z.output<typeof ZStatusMessage>;

/** One system's units at one moment. */
export const ZTelemetryMessage = ZMessageHeader.extend({
  system: z.number().int().min(0).max(63),
  outdoor: z.array(ZOutdoorSnapshot).max(8),
  indoor: z.array(ZIndoorSnapshot).max(64),
}).strict();
export type TTelemetryMessage = z.output<typeof ZTelemetryMessage>;

export const ZFaultMessage = ZMessageHeader.extend({
  event: z.enum(["raised", "cleared"]),
  code: ZDeviceText(8).regex(/^[A-Za-z0-9-]{1,8}$/),
  system: z.number().int().min(0).max(63),
  /** Absent for a fault of the system as a whole. */
  outdoorAddress: z.number().int().min(0).max(7).optional(),
  indoorAddress: z.number().int().min(0).max(63).optional(),
}).strict();
export type TFaultMessage = z.output<typeof ZFaultMessage>;

/** SPEC section 4: firmware-connection steps 5, 10 … 80, then 90 and 100. */
export const PROGRESS_STEPS = [...Array.from({ length: 16 }, (_, i) => (i + 1) * 5), 90, 100] as const;
export const PROGRESS_STAGES = ["handshake", "systemInfo", "outdoorInfo", "indoorInfo", "normalControl"] as const;
export type TProgressStage = (typeof PROGRESS_STAGES)[number];

/** The stage a step belongs to: handshake to 20, system info to 40, outdoor to 60, indoor to 90, then normal control. */
export const stageOfStep = (step: number): TProgressStage =>
  step <= 20
    ? "handshake"
    : step <= 40
      ? "systemInfo"
      : step <= 60
        ? "outdoorInfo"
        : step < 100
          ? "indoorInfo"
          : "normalControl";

export const ZProgressMessage = ZMessageHeader.extend({
  // A set of literals, not a refinement: it carries over to JSON Schema (an enum) for the gateway.
  step: z.literal(PROGRESS_STEPS, { message: "unknownStep" }),
}).strict();
export type TProgressMessage = z.output<typeof ZProgressMessage>;

/** Bus frames a capture task grabbed, in order. */
export const ZCaptureMessage = ZMessageHeader.extend({
  /** Frames naming a task that is not the sender's own capture task are dropped (`unknownTask`). */
  taskId: ZDeviceUuid,
  frames: z
    .array(
      z
        .object({
          /** The device's clock when the frame was grabbed. */
          at: ZDeviceTime,
          hex: ZDeviceText(512).regex(/^(?:[0-9a-f]{2}){1,256}$/),
        })
        .strict(),
    )
    .min(1)
    .max(200),
}).strict();
export type TCaptureMessage = z.output<typeof ZCaptureMessage>;

export const ZAckMessage = ZMessageHeader.extend({
  cmdId: ZDeviceUuid,
  result: z.enum(["ok", "failed"]),
  /** Why a command failed, for the log (not shown to users as is). */
  reason: ZDeviceText(200).optional(),
}).strict();
export type TAckMessage = z.output<typeof ZAckMessage>;

/** Where a checker is with a firmware update it was sent (`ota` command), in order. */
export const OTA_STAGES = ["downloading", "installing", "done", "failed"] as const;
export type TOtaStage = (typeof OTA_STAGES)[number];

/** Why a checker gave an update up: the download broke, its SHA-256 or size was not the package's, or installing failed. */
export const OTA_DEVICE_FAILURES = ["download", "checksum", "size", "install"] as const;
export type TOtaDeviceFailure = (typeof OTA_DEVICE_FAILURES)[number];

/**
 * A firmware update's progress: sent at the start of each stage and as the download or the
 * install moves on (a few times a stage, not per block). `done` is sent once the new firmware
 * runs, after the retained `online` message that carries its version.
 */
export const ZOtaMessage = ZMessageHeader.extend({
  rolloutId: ZDeviceUuid,
  stage: z.enum(OTA_STAGES),
  /** Of the current stage: bytes downloaded of the package, or the install's own measure. */
  percent: z.number().int().min(0).max(100),
  /** With `failed` only. */
  failure: z.enum(OTA_DEVICE_FAILURES).optional(),
}).strict();
export type TOtaMessage = z.output<typeof ZOtaMessage>;

/** The schema of each topic a device publishes. */
export const DEVICE_MESSAGE_SCHEMAS = {
  online: ZOnlineMessage,
  status: ZStatusMessage,
  telemetry: ZTelemetryMessage,
  fault: ZFaultMessage,
  progress: ZProgressMessage,
  capture: ZCaptureMessage,
  ack: ZAckMessage,
  ota: ZOtaMessage,
} as const satisfies Record<TDeviceTopic, z.ZodType>;

export type TDeviceMessage = {
  [K in TDeviceTopic]: { topic: K; message: z.output<(typeof DEVICE_MESSAGE_SCHEMAS)[K]> };
}[TDeviceTopic];

/** Which indoor units of a system a control command addresses. */
export const ZCommandTarget = z
  .object({
    system: z.number().int().min(0).max(63),
    /** Indoor unit addresses; absent means every indoor unit of the system. */
    indoor: z.array(z.number().int().min(0).max(63)).min(1).max(64).optional(),
  })
  .strict();
export type TCommandTarget = z.output<typeof ZCommandTarget>;

const ZCommandHeader = z.object({
  v: z.literal(PROTOCOL_VERSION),
  cmdId: z.string().uuid(),
  issuedAt: z.number().int(),
  /** A device that gets the command later than this drops it and acks nothing. */
  expiresAt: z.number().int(),
});

/** What the portal publishes to `vrf/{deviceId}/cmd`. */
export const ZCommandMessage = z.discriminatedUnion("type", [
  ZCommandHeader.extend({ type: z.literal("control"), target: ZCommandTarget, set: ZUnitSettings }).strict(),
  ZCommandHeader.extend({
    type: z.literal("taskStart"),
    taskId: z.string().uuid(),
    kind: z.enum(["capture", "collection"]),
    intervalS: z.number().int().min(1).max(86_400),
    endAt: z.number().int(),
  }).strict(),
  ZCommandHeader.extend({ type: z.literal("taskStop"), taskId: z.string().uuid() }).strict(),
  ZCommandHeader.extend({
    type: z.literal("ota"),
    /** The rollout the update belongs to: the checker's `ota` messages name it. */
    rolloutId: z.string().uuid(),
    version: z.string().min(1).max(32),
    /** Where to fetch the package (HTTP GET); the link opens it for this checker, while its update runs. */
    url: z.string().url().max(500),
    sizeBytes: z.number().int().min(1),
    /** Hex SHA-256 of the package: a checker installs nothing whose bytes differ. */
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
  }).strict(),
]);
export type TCommandMessage = z.output<typeof ZCommandMessage>;

/**
 * Topics whose messages the portal confirms with a receipt once they are written (or dropped, or
 * set aside): the ones no later report repeats. A device keeps each until its receipt arrives and
 * sends it again, with the same seq, until then (docs/device-protocol.md section 4.3). `online`,
 * `status` and `telemetry` need none: the next one says the same or newer.
 */
export const RECEIPT_TOPICS = ["fault", "ack", "progress", "capture", "ota"] as const satisfies readonly TDeviceTopic[];

/** Seqs one receipt names at most; more go out in several. */
export const RECEIPT_MAX_SEQS = 500;

/** What the portal publishes to `vrf/{deviceId}/cmd` besides commands: not a command, never acked. */
export const ZReceiptMessage = z
  .object({
    v: z.literal(PROTOCOL_VERSION),
    type: z.literal("receipt"),
    /** Seqs of the device's messages the portal has settled. */
    seqs: z.array(ZMessageHeader.shape.seq).min(1).max(RECEIPT_MAX_SEQS),
  })
  .strict();
export type TReceiptMessage = z.output<typeof ZReceiptMessage>;
