import { z } from "zod";
import { defineEndpoint } from "../endpoint.ts";
import { KEYWORD_MAX, ZText } from "../rules.ts";
import { ALARM_STATES } from "./project-list.ts";

/**
 * One map point per located project: `[id, lat, lng, alarms]` (alarms = open faults).
 * Only what the map draws, as a plain array of numbers: 10,000 projects are a few hundred
 * kilobytes of JSON that serialise and parse fast, where objects with names, codes and device
 * counts were several times that. What a marker's popup shows is fetched when it is opened
 * (`getProject` in project-detail.ts).
 */
export const ZProjectMapPoint = z.tuple([z.number().int(), z.number(), z.number(), z.number().int()]);
export type TProjectMapPoint = z.output<typeof ZProjectMapPoint>;

/** Positions in a map point, so readers name what they take. */
export const MAP_POINT = { id: 0, lat: 1, lng: 2, alarms: 3 } as const;

const COORDINATE = String.raw`-?\d{1,3}(?:\.\d{1,10})?`;
const BBOX_PATTERN = new RegExp(`^${COORDINATE}(?:,${COORDINATE}){3}$`);

/**
 * A viewport as `west,south,east,north` in degrees (the order of GeoJSON and supercluster).
 * West greater than east is a box across the antimeridian (e.g. `170,-10,-170,10`).
 */
export const ZBbox = ZText(100)
  .regex(BBOX_PATTERN, { message: "bbox" })
  .transform((text) => text.split(",").map(Number) as [number, number, number, number])
  .refine(
    ([west, south, east, north]) =>
      [west, east].every((lng) => lng >= -180 && lng <= 180) &&
      [south, north].every((lat) => lat >= -90 && lat <= 90) &&
      south <= north,
    { message: "bbox" },
  );
export type TBbox = z.output<typeof ZBbox>;

export const listProjectMapPoints = defineEndpoint({
  method: "GET",
  path: "/hmt-web/distributor/project/map_points",
  request: z.object({
    keyword: ZText(KEYWORD_MAX).optional(),
    organisationId: z.coerce.number().int().positive().optional(),
    alarmState: z.enum(ALARM_STATES).optional(),
    /** Only the points inside this box; without it, every located project of the filters. */
    bbox: ZBbox.optional(),
  }),
  response: z.object({
    points: z.array(ZProjectMapPoint),
    /** Projects of the filters without a position (not limited by `bbox`). */
    unlocated: z.number().int(),
  }),
});

/** The tile server of the deployment (`MAP_TILE_URL`); null means markers on a plain background. */
export const getMapConfig = defineEndpoint({
  method: "GET",
  path: "/hmt-web/distributor/project/map_config",
  request: z.object({}),
  response: z.object({ tileUrl: z.string().nullable() }),
});
