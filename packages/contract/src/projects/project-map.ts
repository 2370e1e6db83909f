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

/**
 * The map services of the deployment: its tile server (`MAP_TILE_URL`; null means the bundled
 * world outlines are drawn instead) and whether a place search is offered (`GEOCODER_URL`, see
 * place-search.ts).
 */
export const getMapConfig = defineEndpoint({
  method: "GET",
  path: "/hmt-web/distributor/project/map_config",
  request: z.object({}),
  response: z.object({ tileUrl: z.string().nullable(), placeSearch: z.boolean() }),
});

/**
 * The most projects one place lists. Projects at one address (or so close that no zoom level
 * parts them) are one marker; its popup lists them. More than this at one place is not a
 * building but a data-entry habit, and the popup says how many are left out.
 */
export const MAP_PLACE_MAX = 100;

const ID_LIST_PATTERN = new RegExp(String.raw`^\d{1,12}(?:,\d{1,12}){0,${MAP_PLACE_MAX - 1}}$`);

/** Project ids as `1,2,3` (a query string), at most `MAP_PLACE_MAX`. */
export const ZProjectIdList = ZText(MAP_PLACE_MAX * 13)
  .regex(ID_LIST_PATTERN, { message: "ids" })
  .transform((text) => [...new Set(text.split(",").map(Number))]);

export const ZMapPlaceProject = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  address: z.string(),
  cityName: z.string(),
  alarmCount: z.number().int(),
});
export type TMapPlaceProject = z.output<typeof ZMapPlaceProject>;

/**
 * The projects of one place on the map, by name: what its popup lists, each leading to its
 * details. Ids outside the caller's scope (or gone meanwhile) are left out, never an error.
 */
export const listMapPlaceProjects = defineEndpoint({
  method: "GET",
  path: "/hmt-web/distributor/project/map_place",
  request: z.object({ ids: ZProjectIdList }),
  response: z.object({ list: z.array(ZMapPlaceProject) }),
});
