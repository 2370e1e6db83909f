import { z } from "zod";
import { ZPage, ZPageRequest } from "../common-data.ts";
import { defineEndpoint } from "../endpoint.ts";
import { ZText } from "../rules.ts";
import { ZDeviceCounts, ZDeviceKind } from "./project-fields.ts";

export const ZProjectDetail = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  organisationId: z.number().int(),
  organisationName: z.string(),
  /** The caller's own organisation's project (not a sub-distributor's). */
  own: z.boolean(),
  contactPerson: z.string(),
  contactPhone: z.string(),
  countryCode: z.string(),
  countryName: z.string(),
  cityCode: z.string(),
  cityName: z.string(),
  address: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  devices: ZDeviceCounts,
  alarmCount: z.number().int(),
  repairReportCount: z.number().int(),
});
export type TProjectDetail = z.output<typeof ZProjectDetail>;

/** One project by id, or by project ID (`code`, as the edit page's address carries it). */
export const getProject = defineEndpoint({
  method: "GET",
  path: "/hmt-web/distributor/project/detail",
  request: z
    .object({ id: z.coerce.number().int().positive().optional(), code: ZText(40).optional() })
    .refine((r) => r.id !== undefined || (r.code !== undefined && r.code !== ""), { message: "required" }),
  response: ZProjectDetail,
});

export const ZProjectDevice = z.object({
  id: z.number().int(),
  kind: ZDeviceKind,
  deviceCode: z.string(),
  serialNumber: z.string(),
  alias: z.string(),
  model: z.string(),
  firmware: z.string(),
  status: z.string(),
  lastSeenAt: z.string().nullable(),
  openFaultCount: z.number().int(),
});
export type TProjectDevice = z.output<typeof ZProjectDevice>;

export const listProjectDevices = defineEndpoint({
  method: "GET",
  path: "/hmt-web/distributor/project/devices",
  request: ZPageRequest.extend({ projectId: z.coerce.number().int().positive(), kind: ZDeviceKind.optional() }),
  response: ZPage(ZProjectDevice),
});

export const ZProjectFault = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  deviceId: z.number().int(),
  deviceKind: ZDeviceKind,
  deviceCode: z.string(),
  systemNumber: z.number().int().nullable(),
  outdoorAddress: z.number().int().nullable(),
  indoorAddress: z.number().int().nullable(),
  occurredAt: z.string(),
});
export type TProjectFault = z.output<typeof ZProjectFault>;

/** Faults still open (not repaired), newest first. */
export const listProjectFaults = defineEndpoint({
  method: "GET",
  path: "/hmt-web/distributor/project/faults",
  request: ZPageRequest.extend({ projectId: z.coerce.number().int().positive() }),
  response: ZPage(ZProjectFault),
});

export const ZProjectRepairReport = z.object({
  id: z.number().int(),
  userName: z.string(),
  productModel: z.string(),
  serialNumber: z.string(),
  content: z.string(),
  status: z.number().int(),
  reportedAt: z.string(),
});
export type TProjectRepairReport = z.output<typeof ZProjectRepairReport>;

/** Repair reports about the project's devices, newest first. */
export const listProjectRepairReports = defineEndpoint({
  method: "GET",
  path: "/hmt-web/distributor/project/repair_reports",
  request: ZPageRequest.extend({ projectId: z.coerce.number().int().positive() }),
  response: ZPage(ZProjectRepairReport),
});
