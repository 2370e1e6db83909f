import { z } from "zod";
import { defineEndpoint } from "../endpoint.ts";
import { RANGES, ZIsoDateTime } from "../rules.ts";
import { ZId } from "./common.ts";

/** At most this span per request, and at most this many points: longer spans are averaged into buckets. */
export const UNIT_HISTORY_MAX_DAYS = 31;
export const UNIT_HISTORY_MAX_POINTS = 360;

export const ZUnitHistoryRequest = z
  .object({
    deviceId: ZId,
    systemNumber: z.coerce.number().int().min(RANGES.systemNumber.min).max(RANGES.systemNumber.max),
    address: z.coerce.number().int().min(0).max(RANGES.indoorAddress.max),
    /** Default: the last 24 hours. */
    from: ZIsoDateTime.optional(),
    to: ZIsoDateTime.optional(),
  })
  .refine((r) => !r.from || !r.to || Date.parse(r.from) < Date.parse(r.to), { message: "fromBeforeTo", path: ["from"] })
  .refine((r) => !r.from || !r.to || Date.parse(r.to) - Date.parse(r.from) <= UNIT_HISTORY_MAX_DAYS * 86_400_000, {
    message: "rangeTooLong",
    path: ["to"],
  });
export type TUnitHistoryRequest = z.input<typeof ZUnitHistoryRequest>;

const ZSeriesMeta = {
  from: z.string(),
  to: z.string(),
  /** Width of one point's bucket; the raw report interval when the span is short. */
  bucketSeconds: z.number().int(),
};

/** [time (ms), room °C, set °C, EEV pulses, liquid pipe °C, gas pipe °C, share of the bucket switched on 0..1] */
export const INDOOR_HISTORY_FIELDS = [
  "roomTempC",
  "setTempC",
  "eevPulses",
  "pipeLiquidTempC",
  "pipeGasTempC",
  "powerOn",
] as const;
/** [time (ms), compressor Hz, high MPa, low MPa, discharge °C, suction °C, outdoor air °C, current A] */
export const OUTDOOR_HISTORY_FIELDS = [
  "compressorHz",
  "highPressureMpa",
  "lowPressureMpa",
  "dischargeTempC",
  "suctionTempC",
  "outdoorAirTempC",
  "currentA",
] as const;

export const ZUnitHistory = z.object({
  ...ZSeriesMeta,
  fields: z.array(z.string()),
  /** One row per bucket: time first, then one value per field (compact, for charts). */
  points: z.array(z.array(z.number())),
});
export type TUnitHistory = z.output<typeof ZUnitHistory>;

export const getIndoorUnitHistory = defineEndpoint({
  method: "GET",
  path: "/hmt-web/distributor/devices/indoor/history",
  request: ZUnitHistoryRequest,
  response: ZUnitHistory,
});

export const getOutdoorUnitHistory = defineEndpoint({
  method: "GET",
  path: "/hmt-web/distributor/devices/outdoor/history",
  request: ZUnitHistoryRequest,
  response: ZUnitHistory,
});
