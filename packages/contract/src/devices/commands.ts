import { z } from "zod";
import { ZPage } from "../common-data.ts";
import { ZUnitSettings } from "../device/units.ts";
import { defineEndpoint } from "../endpoint.ts";
import { RANGES, TEXT_CHECKS } from "../rules.ts";
import { ZDevicePageRequest, ZId } from "./common.ts";

/** A command nobody acknowledged within this time is timed out, and its issuer is told. */
export const COMMAND_TIMEOUT_MS = 30_000;

export const COMMAND_STATUSES = ["pending", "sent", "confirmed", "failed", "timed_out"] as const;
export const ZCommandStatus = z.enum(COMMAND_STATUSES);
export type TCommandStatus = z.output<typeof ZCommandStatus>;
/** States a command leaves no more. */
export const FINAL_COMMAND_STATUSES: readonly TCommandStatus[] = ["confirmed", "failed", "timed_out"];

export const ZControlRequest = z.object({
  deviceId: ZId,
  systemNumber: z.coerce.number().int().min(RANGES.systemNumber.min).max(RANGES.systemNumber.max),
  /** Indoor unit addresses; absent: every indoor unit of the system. */
  indoorAddresses: z
    .array(z.number().int().min(RANGES.indoorAddress.min).max(RANGES.indoorAddress.max))
    .min(1)
    .max(64)
    .optional(),
  set: ZUnitSettings,
});
export type TControlRequest = z.input<typeof ZControlRequest>;

export const ZDeviceCommand = z.object({
  id: z.string(),
  deviceId: z.number().int(),
  type: z.enum(["control", "taskStart", "taskStop", "ota"]),
  systemNumber: z.number().int().nullable(),
  indoorAddresses: z.array(z.number().int()).nullable(),
  params: z.record(z.string(), z.unknown()),
  status: ZCommandStatus,
  /** The issuer's customer id (the web compares it with its own) and display name. */
  issuedBy: z.string(),
  issuedByName: z.string(),
  issuedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type TDeviceCommand = z.output<typeof ZDeviceCommand>;

export const controlUnits = defineEndpoint({
  method: "POST",
  path: "/hmt-web/distributor/devices/control",
  request: ZControlRequest,
  response: ZDeviceCommand,
});

export const getDeviceCommand = defineEndpoint({
  method: "GET",
  path: "/hmt-web/distributor/devices/command",
  request: z.object({ id: z.uuid().max(36, { message: "tooLong" }).check(TEXT_CHECKS.line) }),
  response: ZDeviceCommand,
});

export const ZCommandListRequest = ZDevicePageRequest.extend({ deviceId: ZId });

export const listDeviceCommands = defineEndpoint({
  method: "GET",
  path: "/hmt-web/distributor/devices/commands",
  request: ZCommandListRequest,
  response: ZPage(ZDeviceCommand),
});
