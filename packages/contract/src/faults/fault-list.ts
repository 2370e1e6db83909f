import { z } from "zod";
import { ZPage, ZPageRequest } from "../common-data.ts";
import { defineEndpoint } from "../endpoint.ts";
import { DEVICE_KINDS, faultFilterShape, RANGE_ISSUE, rangeInOrder, ZUtcOffset } from "./fault-filters.ts";

export const FAULT_SORTS = ["occurredAt", "repairedAt", "code", "project", "serialNumber"] as const;
export type FaultSort = (typeof FAULT_SORTS)[number];

export const ZFaultRecord = z.object({
  id: z.number().int(),
  code: z.string(),
  /** In the caller's language; null for a code the catalogue does not know. */
  name: z.string().nullable(),
  severity: z.string().nullable(),
  repaired: z.boolean(),
  occurredAt: z.string(),
  repairedAt: z.string().nullable(),
  projectId: z.number().int().nullable(),
  projectCode: z.string().nullable(),
  projectName: z.string().nullable(),
  deviceId: z.number().int(),
  deviceKind: z.enum(DEVICE_KINDS),
  serialNumber: z.string(),
  systemNumber: z.number().int().nullable(),
  outdoorAddress: z.number().int().nullable(),
  indoorAddress: z.number().int().nullable(),
  organisationId: z.number().int(),
  organisationName: z.string(),
});
export type TFaultRecord = z.output<typeof ZFaultRecord>;

const sortShape = {
  sort: z.enum(FAULT_SORTS).default("occurredAt"),
  order: z.enum(["ascend", "descend"]).default("descend"),
};

export const ZFaultListRequest = ZPageRequest.extend({ ...faultFilterShape, ...sortShape }).refine(
  rangeInOrder,
  RANGE_ISSUE,
);
export type TFaultListRequest = z.input<typeof ZFaultListRequest>;

/** Fault records, newest first unless sorted otherwise. */
export const listFaults = defineEndpoint({
  method: "GET",
  path: "/hmt-web/distributor/faults/list",
  request: ZFaultListRequest,
  response: ZPage(ZFaultRecord),
});

export const ZFaultExportRequest = z
  .object({ ...faultFilterShape, ...sortShape, utcOffsetMinutes: ZUtcOffset })
  .refine(rangeInOrder, RANGE_ISSUE);
export type TFaultExportRequest = z.input<typeof ZFaultExportRequest>;

/** The same records (same filters and order, at most FAULT_EXPORT_LIMIT rows, times in the viewer's zone) as .xlsx. */
export const exportFaults = defineEndpoint({
  method: "GET",
  path: "/hmt-web/distributor/faults/export",
  request: ZFaultExportRequest,
  response: z.instanceof(Blob),
});

export const FAULT_EXPORT_LIMIT = 10_000;
