import { z } from "zod";
import { DASHBOARD_DAYS } from "../agency/dashboard.ts";
import { defineEndpoint } from "../endpoint.ts";
import { ZUtcOffset } from "../faults/fault-filters.ts";

export { DASHBOARD_DAYS };

const count = z.number().int();

/**
 * The Hi-Checker module's home (SPEC section 9): the caller's checkers (checker scope: a
 * distributor's channel, or an engineer's organisation and bound checkers) and their tasks.
 */
export const ZCheckerDashboard = z.object({
  checkers: z.object({
    total: count,
    online: count,
    offline: count,
    /** Checkers grabbing messages or collecting data right now. */
    inTask: count,
  }),
  /** Tasks that ended (finished, stopped or failed). */
  historyTotal: count,
  /** What the checkers report they use, against their capacity. */
  storage: z.object({ usedMb: count, capacityMb: count }),
  /** The last DASHBOARD_DAYS days in the viewer's time zone, oldest first: tasks started, by kind, and the bytes they gathered. */
  tasksPerDay: z.array(z.object({ day: z.string(), capture: count, collection: count, gatheredBytes: count })),
});
export type TCheckerDashboard = z.output<typeof ZCheckerDashboard>;

export const getCheckerDashboard = defineEndpoint({
  method: "GET",
  path: "/hmt-web/himit-checker/dashboard",
  request: z.object({ utcOffsetMinutes: ZUtcOffset }),
  response: ZCheckerDashboard,
});
