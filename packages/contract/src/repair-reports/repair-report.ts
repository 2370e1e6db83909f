import { z } from "zod";

/**
 * A repair report: an end user's request for service on a product, matched to
 * the distributor that owns the device with the reported serial number.
 */
export const REPAIR_STATUS = { unresolved: 0, inProcess: 1, resolved: 2 } as const;
export type TRepairStatus = (typeof REPAIR_STATUS)[keyof typeof REPAIR_STATUS];
export const REPAIR_STATUSES: readonly TRepairStatus[] = [0, 1, 2];

export const ZRepairStatus = z.union([z.literal(0), z.literal(1), z.literal(2)]);

/**
 * Where a report may go from each status. A report is picked up (in process) or
 * closed straight away when the answer was simple; once work started it can only
 * be resolved; a resolved report can be reopened when the fault comes back.
 */
export const REPAIR_TRANSITIONS: Readonly<Record<TRepairStatus, readonly TRepairStatus[]>> = {
  0: [1, 2],
  1: [2],
  2: [1],
};

export const canTransition = (from: TRepairStatus, to: TRepairStatus): boolean => REPAIR_TRANSITIONS[from].includes(to);

/** The reference an end user quotes, e.g. "RR000042". */
export const repairReference = (id: number): string => `RR${String(id).padStart(6, "0")}`;

/** The id inside a reference ("RR000042", "rr-42", "42"), or null when the text is not one. */
export const idOfReference = (text: string): number | null => {
  const match = /^(?:rr-?)?0*(\d{1,12})$/i.exec(text.trim());
  return match ? Number(match[1]) : null;
};

export const ZDeviceKind = z.enum(["himit", "hidom", "smarttouch", "checker"]);
export type TDeviceKind = z.output<typeof ZDeviceKind>;

export const ZRepairReportItem = z.object({
  id: z.number().int(),
  reference: z.string(),
  userName: z.string(),
  country: z.string(),
  address: z.string(),
  email: z.string(),
  phone: z.string(),
  productModel: z.string(),
  serialNumber: z.string(),
  content: z.string(),
  status: ZRepairStatus,
  /** ISO-8601 UTC. */
  reportedAt: z.string(),
  updatedAt: z.string(),
  organisationId: z.number().int(),
  organisationName: z.string(),
  deviceId: z.number().int().nullable(),
  deviceKind: ZDeviceKind.nullable(),
  projectId: z.number().int().nullable(),
  projectName: z.string().nullable(),
});
export type TRepairReportItem = z.output<typeof ZRepairReportItem>;
