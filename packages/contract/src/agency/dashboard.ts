import { z } from "zod";
import { defineEndpoint } from "../endpoint.ts";
import { DEVICE_KINDS, ZUtcOffset } from "../faults/fault-filters.ts";

export const DASHBOARD_DAYS = 30;

const count = z.number().int();

export const ZDeviceKindCount = z.object({
  kind: z.enum(DEVICE_KINDS),
  total: count,
  online: count,
  offline: count,
});

export const ZAgencyDashboard = z.object({
  projects: z.object({ total: count, inAlarm: count }),
  /** One entry per device kind, zeros included, in DEVICE_KINDS order. */
  devices: z.array(ZDeviceKindCount),
  faults: z.object({ open: count, lastDays: count }),
  /** Indexed by repair report status: 0 unresolved, 1 in process, 2 resolved. */
  repairReports: z.array(count).length(3),
  /**
   * Sub-distributor links under the caller's organisation, indexed by status
   * (0 added, 1 under review, 2 associated, 3 released, 4 returned); null for a sub-distributor.
   */
  subDistributors: z.array(count).length(5).nullable(),
  /** The last DASHBOARD_DAYS days in the viewer's time zone, oldest first. */
  faultsPerDay: z.array(z.object({ day: z.string(), total: count })),
  /** Most frequent codes of the same days. */
  topCodes: z.array(z.object({ code: z.string(), name: z.string().nullable(), total: count })),
});
export type TAgencyDashboard = z.output<typeof ZAgencyDashboard>;

/** The distributor's home: every count scoped to what the caller may see. */
export const getAgencyDashboard = defineEndpoint({
  method: "GET",
  path: "/hmt-web/distributor/agency/dashboard",
  request: z.object({ utcOffsetMinutes: ZUtcOffset }),
  response: ZAgencyDashboard,
});
