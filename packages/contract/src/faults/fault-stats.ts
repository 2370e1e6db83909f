import { z } from "zod";
import { defineEndpoint } from "../endpoint.ts";
import { faultFilterShape, RANGE_ISSUE, rangeInOrder, ZUtcOffset } from "./fault-filters.ts";

export const ZFaultCodeCount = z.object({
  code: z.string(),
  name: z.string().nullable(),
  total: z.number().int(),
  open: z.number().int(),
});
export type TFaultCodeCount = z.output<typeof ZFaultCodeCount>;

export const ZFaultDayCount = z.object({
  /** YYYY-MM-DD in the viewer's time zone. */
  day: z.string(),
  total: z.number().int(),
  open: z.number().int(),
});
export type TFaultDayCount = z.output<typeof ZFaultDayCount>;

export const ZFaultStatsRequest = z
  .object({ ...faultFilterShape, utcOffsetMinutes: ZUtcOffset })
  .refine(rangeInOrder, RANGE_ISSUE);
export type TFaultStatsRequest = z.input<typeof ZFaultStatsRequest>;

export const ZFaultStats = z.object({
  total: z.number().int(),
  open: z.number().int(),
  /** Most frequent first. */
  byCode: z.array(ZFaultCodeCount),
  /** Every day from the first to the last day of the range (or of the records), gaps filled with zero. */
  byDay: z.array(ZFaultDayCount),
});
export type TFaultStats = z.output<typeof ZFaultStats>;

/** Counts for the charts, under the same filters as the records. */
export const getFaultStats = defineEndpoint({
  method: "GET",
  path: "/hmt-web/distributor/faults/stats",
  request: ZFaultStatsRequest,
  response: ZFaultStats,
});
