import { z } from "zod";
import { ZPage } from "../common-data.ts";
import { PROGRESS_STAGES } from "../device/messages.ts";
import { defineEndpoint } from "../endpoint.ts";
import {
  hasSpecial,
  hasSpecialOrChinese,
  hasSpecialOrWhitespace,
  inRange,
  KEYWORD_MAX,
  RANGES,
  ZEmail,
  ZText,
} from "../rules.ts";
import {
  ZCheckerStatus,
  ZCheckerType,
  ZDevicePageRequest,
  ZId,
  ZOptionalId,
  ZOptionalText,
  ZProjectRef,
  ZStatusChange,
} from "./common.ts";
import { ZDeviceCredentials } from "./credentials.ts";

export const CHECKER_SORTS = [
  "alias",
  "deviceCode",
  "serialNumber",
  "status",
  "usedCapacityMb",
  "installDate",
  "lastSeenAt",
  "projectName",
] as const;

export const ZCheckerListRequest = ZDevicePageRequest.extend({
  /** Alias, device ID (Wi-Fi id) or serial number, anywhere in the text. */
  keyword: ZOptionalText(KEYWORD_MAX),
  status: z.preprocess((v) => (v === "" ? undefined : v), ZCheckerStatus.optional()),
  checkerType: z.preprocess((v) => (v === "" ? undefined : v), ZCheckerType.optional()),
  projectId: ZOptionalId,
  organisationId: ZOptionalId,
  sort: z.enum(CHECKER_SORTS).optional(),
});
export type TCheckerListRequest = z.input<typeof ZCheckerListRequest>;

export const ZCheckerRow = z.object({
  id: z.number().int(),
  alias: z.string(),
  deviceCode: z.string(),
  serialNumber: z.string(),
  /** The firmware version the checker last said it runs. */
  firmware: z.string(),
  checkerType: ZCheckerType.nullable(),
  status: z.string(),
  storageCapacityMb: z.number().int().nullable(),
  usedCapacityMb: z.number().int().nullable(),
  /** A temporary checker whose 200 MB are used: the portal keeps no more of its data (SPEC section 9). */
  capacityFull: z.boolean(),
  /** The last firmware-connection step the checker reported (SPEC section 4), or null. */
  linkProgress: z.object({ step: z.number().int(), stage: z.enum(PROGRESS_STAGES), at: z.string() }).nullable(),
  systemNumber: z.number().int().nullable(),
  installDate: z.string().nullable(),
  lastSeenAt: z.string().nullable(),
  project: ZProjectRef,
  organisationName: z.string(),
});
export type TCheckerRow = z.output<typeof ZCheckerRow>;

export const listCheckers = defineEndpoint({
  method: "GET",
  path: "/hmt-web/distributor/devices/checker/list",
  request: ZCheckerListRequest,
  response: ZPage(ZCheckerRow),
});

export const ZBoundUser = z.object({ email: z.string(), name: z.string() });

export const ZCheckerDetail = ZCheckerRow.extend({
  model: z.string(),
  moduleVersion: z.string(),
  mcuVersion: z.string(),
  outdoorCount: z.number().int(),
  indoorCount: z.number().int(),
  faultyIndoorCount: z.number().int(),
  adminEmail: z.string().nullable(),
  boundUsers: z.array(ZBoundUser),
  statusHistory: z.array(ZStatusChange),
  createdAt: z.string(),
});
export type TCheckerDetail = z.output<typeof ZCheckerDetail>;

export const getCheckerDetail = defineEndpoint({
  method: "GET",
  path: "/hmt-web/distributor/devices/checker/detail",
  request: z.object({ id: ZId }),
  response: ZCheckerDetail,
});

export const DEVICE_CODE_MAX = 64;
export const SERIAL_NUMBER_MAX = 64;
export const ALIAS_MAX = 50;
export const BOUND_USERS_MAX = 20;

/** Device ID (Wi-Fi id): letters, digits and - _ . only. */
export const isValidDeviceCode = (value: string): boolean =>
  value.length > 0 && value.length <= DEVICE_CODE_MAX && !hasSpecialOrWhitespace(value);
/** Serial number: no special characters, no whitespace, no Chinese characters. */
export const isValidSerialNumber = (value: string): boolean =>
  value.length > 0 &&
  value.length <= SERIAL_NUMBER_MAX &&
  !hasSpecialOrWhitespace(value) &&
  !hasSpecialOrChinese(value);
export const isValidAlias = (value: string): boolean => value.length <= ALIAS_MAX && !hasSpecial(value);

/** A real calendar day (no 30 February) in a plausible range, as YYYY-MM-DD. */
export const isInstallDate = (value: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const year = Number(value.slice(0, 4));
  if (year < 1990 || year > 2100) return false;
  const ms = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === value;
};

const required = (max: number, check: (v: string) => boolean) =>
  ZText(max, { tooLong: "parameterInvalid" })
    .min(1, { message: "parameterEmpty" })
    .refine(check, { message: "parameterInvalid" });

export const ZCheckerInput = z.object({
  deviceCode: required(DEVICE_CODE_MAX, isValidDeviceCode),
  serialNumber: required(SERIAL_NUMBER_MAX, isValidSerialNumber),
  alias: ZText(ALIAS_MAX, { tooLong: "parameterInvalid" })
    .refine(isValidAlias, { message: "parameterInvalid" })
    .default(""),
  checkerType: ZCheckerType,
  projectId: ZId,
  installDate: ZText(10, { trim: false, tooLong: "parameterInvalid" })
    .refine(isInstallDate, { message: "parameterInvalid" })
    .nullable()
    .default(null),
  systemNumber: z.number().refine((v) => inRange(v, RANGES.systemNumber), { message: "parameterInvalid" }),
  boundEmails: z
    .array(ZEmail)
    .max(BOUND_USERS_MAX)
    .refine((list) => new Set(list).size === list.length, { message: "parameterInvalid" })
    .default([]),
});
export type TCheckerInput = z.input<typeof ZCheckerInput>;

export const registerChecker = defineEndpoint({
  method: "POST",
  path: "/hmt-web/distributor/devices/checker/register",
  request: ZCheckerInput,
  /** The checker's MQTT credentials are shown once, here. */
  response: z.object({ id: z.number().int(), credentials: ZDeviceCredentials }),
});

export const updateChecker = defineEndpoint({
  method: "POST",
  path: "/hmt-web/distributor/devices/checker/update",
  request: ZCheckerInput.extend({ id: ZId }),
  response: z.object({ id: z.number().int() }),
});

export const exportCheckers = defineEndpoint({
  method: "GET",
  path: "/hmt-web/distributor/devices/checker/export",
  request: ZCheckerListRequest.omit({ pageNum: true, pageSize: true }),
  response: z.instanceof(Blob),
});
