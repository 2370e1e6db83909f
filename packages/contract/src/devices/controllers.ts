import { z } from "zod";
import { ZPage } from "../common-data.ts";
import { defineEndpoint } from "../endpoint.ts";
import { KEYWORD_MAX } from "../rules.ts";
import {
  CONTROLLER_STATUSES,
  ZControllerKind,
  ZDevicePageRequest,
  ZId,
  ZOptionalId,
  ZOptionalText,
  ZProjectRef,
  ZStatusChange,
} from "./common.ts";

export const CONTROLLER_SORTS = [
  "serialNumber",
  "deviceCode",
  "model",
  "firmware",
  "status",
  "installDate",
  "lastSeenAt",
  "projectName",
] as const;

export const ZControllerListRequest = ZDevicePageRequest.extend({
  kind: ZControllerKind,
  /** Serial number, device ID or alias, anywhere in the text. */
  keyword: ZOptionalText(KEYWORD_MAX),
  status: z.preprocess((v) => (v === "" ? undefined : v), z.enum(CONTROLLER_STATUSES).optional()),
  projectId: ZOptionalId,
  organisationId: ZOptionalId,
  model: ZOptionalText(100),
  firmware: ZOptionalText(100),
  sort: z.enum(CONTROLLER_SORTS).optional(),
});
export type TControllerListRequest = z.input<typeof ZControllerListRequest>;

export const ZControllerRow = z.object({
  id: z.number().int(),
  kind: ZControllerKind,
  deviceCode: z.string(),
  serialNumber: z.string(),
  alias: z.string(),
  model: z.string(),
  firmware: z.string(),
  status: z.string(),
  installDate: z.string().nullable(),
  lastSeenAt: z.string().nullable(),
  project: ZProjectRef,
  organisationName: z.string(),
  outdoorCount: z.number().int(),
  indoorCount: z.number().int(),
});
export type TControllerRow = z.output<typeof ZControllerRow>;

export const listControllers = defineEndpoint({
  method: "GET",
  path: "/hmt-web/distributor/devices/list",
  request: ZControllerListRequest,
  response: ZPage(ZControllerRow),
});

/** Models and firmware versions present among the caller's devices of a kind, for filter selects. */
export const listDeviceFacets = defineEndpoint({
  method: "GET",
  path: "/hmt-web/distributor/devices/facets",
  request: z.object({ kind: z.enum(["himit", "hidom", "smarttouch", "checker"]) }),
  response: z.object({ models: z.array(z.string()), firmwares: z.array(z.string()) }),
});

export const ZDeviceFault = z.object({
  id: z.number().int(),
  code: z.string(),
  /** In the caller's language; null when the code is not in the catalogue. */
  name: z.string().nullable(),
  systemNumber: z.number().int().nullable(),
  outdoorAddress: z.number().int().nullable(),
  indoorAddress: z.number().int().nullable(),
  occurredAt: z.string(),
  repairedAt: z.string().nullable(),
});
export type TDeviceFault = z.output<typeof ZDeviceFault>;

export const ZControllerDetail = ZControllerRow.extend({
  moduleVersion: z.string(),
  mcuVersion: z.string(),
  systemNumber: z.number().int().nullable(),
  createdAt: z.string(),
  openFaults: z.number().int(),
  statusHistory: z.array(ZStatusChange),
  recentFaults: z.array(ZDeviceFault),
});
export type TControllerDetail = z.output<typeof ZControllerDetail>;

export const getControllerDetail = defineEndpoint({
  method: "GET",
  path: "/hmt-web/distributor/devices/detail",
  request: z.object({ id: ZId, kind: ZControllerKind }),
  response: ZControllerDetail,
});

/** More rows than this is not a spreadsheet a person opens; narrow the filters instead. */
export const DEVICE_EXPORT_MAX_ROWS = 10_000;

/** The filtered list as an xlsx file (same filters and sort as the list, no paging). */
export const exportControllers = defineEndpoint({
  method: "GET",
  path: "/hmt-web/distributor/devices/export",
  request: ZControllerListRequest.omit({ pageNum: true, pageSize: true }),
  response: z.instanceof(Blob),
});
