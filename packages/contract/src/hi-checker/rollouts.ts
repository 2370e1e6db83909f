import { z } from "zod";
import { ZPage } from "../common-data.ts";
import { ZDevicePageRequest, ZId } from "../devices/common.ts";
import { defineEndpoint } from "../endpoint.ts";
import { TEXT_CHECKS } from "../rules.ts";
import { DEFAULT_FAILURE_SHARE_PERCENT, ROLLOUT_STATES, TARGET_STATES } from "./rollout-rules.ts";

/**
 * Firmware rollouts: a firmware package of the caller's organisation sent to checkers of the
 * caller's checker scope, a few at a time, each target moving as its checker reports
 * (rollout-rules.ts). A rollout belongs to the organisation of whoever started it.
 */
export const ZTargetState = z.enum(TARGET_STATES);
export const ZRolloutState = z.enum(ROLLOUT_STATES);

/**
 * Why a target failed: the checker's own word (download, checksum, size, install), or the
 * portal's: the checker refused the update (`rejected`), did not answer or stopped reporting
 * (`timedOut`).
 */
export const TARGET_FAILURES = ["download", "checksum", "size", "install", "rejected", "timedOut"] as const;
export const ZTargetFailure = z.enum(TARGET_FAILURES);
export type TTargetFailure = z.output<typeof ZTargetFailure>;

/** A rollout has one to this many checkers. */
export const ROLLOUT_TARGETS_MAX = 500;
/** Checkers updating at once, unless the creator chooses another number (1 to ROLLOUT_IN_FLIGHT_MAX). */
export const ROLLOUT_IN_FLIGHT_DEFAULT = 5;
export const ROLLOUT_IN_FLIGHT_MAX = 50;
/** A checker updating that reports nothing for this long has failed (`timedOut`). */
export const ROLLOUT_TARGET_SILENCE_MS = 10 * 60_000;

const ZCounts = z.object({
  pending: z.number().int(),
  downloading: z.number().int(),
  installing: z.number().int(),
  done: z.number().int(),
  failed: z.number().int(),
});

export const ZRollout = z.object({
  id: z.string(),
  packageId: z.string(),
  version: z.string(),
  fileName: z.string(),
  state: ZRolloutState,
  failureSharePercent: z.number().int(),
  maxInFlight: z.number().int(),
  counts: ZCounts,
  createdBy: z.string(),
  createdAt: z.string(),
  /** When it finished or halted; null while it runs or is paused. */
  endedAt: z.string().nullable(),
});
export type TRollout = z.output<typeof ZRollout>;

export const ZRolloutTarget = z.object({
  deviceId: z.number().int(),
  /** The checker's Wi-Fi id and alias, as its list shows them. */
  deviceCode: z.string(),
  deviceAlias: z.string(),
  /** Whether the checker is connected now: a waiting target of an offline checker waits for it. */
  online: z.boolean(),
  /** The firmware it ran when the rollout was created, and the one it runs now. */
  fromFirmware: z.string(),
  firmware: z.string(),
  state: ZTargetState,
  /** Of the current stage (downloading or installing); 100 once done. */
  percent: z.number().int(),
  failure: ZTargetFailure.nullable(),
  /** When it was sent the update, and when it last moved. */
  sentAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type TRolloutTarget = z.output<typeof ZRolloutTarget>;

const ZRolloutRef = z.object({ id: z.uuid().max(36, { message: "tooLong" }).check(TEXT_CHECKS.line) });

export const ZCreateRolloutRequest = z.object({
  packageId: z.uuid().max(36, { message: "tooLong" }).check(TEXT_CHECKS.line),
  deviceIds: z
    .array(ZId)
    .min(1, { message: "rolloutNoCheckers" })
    .max(ROLLOUT_TARGETS_MAX, { message: "rolloutTooManyCheckers" }),
  /** The rollout halts once more than this share of its checkers failed (1 to 100; 100 never halts). */
  failureSharePercent: z.coerce.number().int().min(1).max(100).default(DEFAULT_FAILURE_SHARE_PERCENT),
  maxInFlight: z.coerce.number().int().min(1).max(ROLLOUT_IN_FLIGHT_MAX).default(ROLLOUT_IN_FLIGHT_DEFAULT),
});
export type TCreateRolloutRequest = z.input<typeof ZCreateRolloutRequest>;

/** Starts a rollout: checkers already in an open rollout, or not checkers of the caller's scope, are refused. */
export const createRollout = defineEndpoint({
  method: "POST",
  path: "/hmt-web/himit-checker/rollouts/create",
  request: ZCreateRolloutRequest,
  response: ZRollout,
});

export const ZRolloutListRequest = ZDevicePageRequest.extend({
  /** One package's rollouts; all of the organisation's otherwise. */
  packageId: z.preprocess((v) => (v === "" ? undefined : v), z.uuid().max(36).check(TEXT_CHECKS.line).optional()),
});

/** The organisation's rollouts, newest first. */
export const listRollouts = defineEndpoint({
  method: "GET",
  path: "/hmt-web/himit-checker/rollouts/list",
  request: ZRolloutListRequest,
  response: ZPage(ZRollout),
});

export const getRollout = defineEndpoint({
  method: "GET",
  path: "/hmt-web/himit-checker/rollouts/detail",
  request: ZRolloutRef,
  response: ZRollout,
});

/** A rollout's checkers: updating first, then failed, waiting and done; paged. */
export const listRolloutTargets = defineEndpoint({
  method: "GET",
  path: "/hmt-web/himit-checker/rollouts/targets",
  request: ZDevicePageRequest.extend(ZRolloutRef.shape),
  response: ZPage(ZRolloutTarget),
});

/** No checker not yet sent the update is sent it; those updating finish. Only a running rollout. */
export const pauseRollout = defineEndpoint({
  method: "POST",
  path: "/hmt-web/himit-checker/rollouts/pause",
  request: ZRolloutRef,
  response: ZRollout,
});

/** Only a paused rollout: a halted one is not resumed. */
export const resumeRollout = defineEndpoint({
  method: "POST",
  path: "/hmt-web/himit-checker/rollouts/resume",
  request: ZRolloutRef,
  response: ZRollout,
});

/**
 * Where a checker fetches the package of its update (not a portal call: the link arrives in the
 * `ota` command). The token opens it only while that checker's update downloads.
 */
export const FIRMWARE_DOWNLOAD_PATH = "/device-api/rollouts/:rolloutId/firmware/:deviceId";
