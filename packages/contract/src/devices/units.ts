import { z } from "zod";
import { ZPage } from "../common-data.ts";
import { ZFanSpeed, ZIndoorSupports } from "../device/units.ts";
import { defineEndpoint } from "../endpoint.ts";
import { RANGES } from "../rules.ts";
import { ZControllerKind, ZDevicePageRequest, ZOptionalId, ZOptionalText, ZProjectRef, ZUnitStatus } from "./common.ts";

const optionalInRange = (range: { min: number; max: number }) =>
  z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z.coerce.number().int().min(range.min).max(range.max).optional(),
  );

const unitFilters = {
  projectId: ZOptionalId,
  deviceId: ZOptionalId,
  /** The serial number of the controller or checker the unit reports through. */
  deviceSerial: ZOptionalText(64),
  systemNumber: optionalInRange(RANGES.systemNumber),
  status: z.preprocess((v) => (v === "" ? undefined : v), ZUnitStatus.optional()),
};

export const OUTDOOR_SORTS = [
  "systemNumber",
  "address",
  "model",
  "serialNumber",
  "capacityKw",
  "status",
  "runningHours",
] as const;
export const INDOOR_SORTS = [
  "systemNumber",
  "address",
  "model",
  "serialNumber",
  "capacityKw",
  "status",
  "setTemperature",
] as const;

export const ZOutdoorUnitListRequest = ZDevicePageRequest.extend({
  ...unitFilters,
  address: optionalInRange(RANGES.outdoorAddress),
  sort: z.enum(OUTDOOR_SORTS).optional(),
});
export type TOutdoorUnitListRequest = z.input<typeof ZOutdoorUnitListRequest>;

export const ZIndoorUnitListRequest = ZDevicePageRequest.extend({
  ...unitFilters,
  address: optionalInRange(RANGES.indoorAddress),
  sort: z.enum(INDOOR_SORTS).optional(),
});
export type TIndoorUnitListRequest = z.input<typeof ZIndoorUnitListRequest>;

const ZUnitDevice = z.object({
  id: z.number().int(),
  kind: z.union([ZControllerKind, z.literal("checker")]),
  serialNumber: z.string(),
  alias: z.string(),
  /** The device's state now (online, offline, a checker's state): remote control needs it online. */
  status: z.string(),
});

const ZUnitBase = z.object({
  id: z.number().int(),
  systemNumber: z.number().int(),
  address: z.number().int(),
  model: z.string(),
  serialNumber: z.string(),
  capacityKw: z.number().nullable(),
  status: z.string(),
  updatedAt: z.string(),
  /** When the device last reported this unit; null until it has. */
  reportedAt: z.string().nullable(),
  /** SPEC section 9's status word as its number (STOP 0, TH OFF 1, TH ON 2, ALARM 3). */
  statusWord: z.number().int().nullable(),
  device: ZUnitDevice,
  project: ZProjectRef,
});

const reading = z.number().nullable();

export const ZOutdoorUnit = ZUnitBase.extend({
  runningHours: z.number().int(),
  compressorHz: reading,
  highPressureMpa: reading,
  lowPressureMpa: reading,
  dischargeTempC: reading,
  suctionTempC: reading,
  outdoorAirTempC: reading,
  fanRpm: reading,
  /** Main and sub EEV openings (SPEC's combined value), or null. */
  eevPulses: z.tuple([z.number(), z.number()]).nullable(),
  currentA: reading,
});
export type TOutdoorUnit = z.output<typeof ZOutdoorUnit>;

export const ZIndoorUnit = ZUnitBase.extend({
  powerOn: z.boolean(),
  mode: z.string(),
  setTemperature: z.number().nullable(),
  roomTemperature: z.number().nullable(),
  fanSpeed: ZFanSpeed.nullable(),
  louver: z.number().int().nullable(),
  eevPulses: reading,
  /** Liquid and gas pipe temperatures (SPEC's combined value), or null. */
  pipeTempsC: z.tuple([z.number(), z.number()]).nullable(),
  /** What remote control may set on this unit; null: the unit has not said (everything is offered). */
  supports: ZIndoorSupports.nullable(),
});
export type TIndoorUnit = z.output<typeof ZIndoorUnit>;

export const listOutdoorUnits = defineEndpoint({
  method: "GET",
  path: "/hmt-web/distributor/devices/outdoor/list",
  request: ZOutdoorUnitListRequest,
  response: ZPage(ZOutdoorUnit),
});

export const listIndoorUnits = defineEndpoint({
  method: "GET",
  path: "/hmt-web/distributor/devices/indoor/list",
  request: ZIndoorUnitListRequest,
  response: ZPage(ZIndoorUnit),
});
