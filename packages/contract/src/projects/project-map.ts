import { z } from "zod";
import { defineEndpoint } from "../endpoint.ts";
import { KEYWORD_MAX, ZText } from "../rules.ts";
import { ALARM_STATES } from "./project-list.ts";

/**
 * Map coordinates travel as whole numbers of 1e-5 degree (`Math.round(degrees * 1e5)`): about
 * 1.1 m of latitude, and no more of longitude. The database keeps the map's positions to that
 * precision already (projects.repository.ts `mapPoints`), and at the map's closest zoom (18) it is
 * two pixels, well inside a marker. A whole number is a few characters shorter than its decimal
 * and much faster to write and to parse.
 */
export const MAP_COORDINATE_SCALE = 1e5;

/** Degrees as the map answer carries them (see MAP_COORDINATE_SCALE). */
export const toMapCoordinate = (degrees: number): number => Math.round(degrees * MAP_COORDINATE_SCALE);

const wholeNumbers = (column: readonly number[]) => {
  for (const n of column) if (!Number.isSafeInteger(n)) return false;
  return true;
};
/** The first id, then steps of at least 1: ids ascend and none repeats. */
const ascendingSteps = (ids: readonly number[]) => {
  for (let i = 0; i < ids.length; i++) {
    const n = ids[i] as number;
    if (!Number.isSafeInteger(n) || (i > 0 && n < 1)) return false;
  }
  return true;
};

/**
 * The located projects of the map as four columns of whole numbers, one entry per project at the
 * same position in each: only what the map draws (what a marker's popup shows is fetched when it
 * is opened, `getProject` in project-detail.ts). A channel's 10,000 projects as `[id, lat, lng,
 * alarms]` rows of decimals were 279 kB of JSON, 113 kB gzipped (105 kB brotli); as columns of
 * whole numbers they are 208 kB, 78 kB gzipped (64 kB brotli), and write and parse 2-4 times
 * faster.
 * - `ids`: the first id, then each id's difference from the one before (ids ascend: small steps).
 * - `lat`, `lng`: degrees times MAP_COORDINATE_SCALE, rounded.
 * - `alarms`: open faults of the project.
 * `decodeMapPoints` turns them into points.
 */
export const ZProjectMapPoints = z
  .object({
    ids: z.array(z.number()),
    lat: z.array(z.number()),
    lng: z.array(z.number()),
    alarms: z.array(z.number()),
    /** Projects of the filters without a position (not limited by `bbox`). */
    unlocated: z.number().int(),
  })
  // Whole numbers checked in one loop per column rather than `.int()` per item: the browser
  // checks every answer against its contract, and 40,000 item checks were half its parse time.
  .refine(
    ({ ids, lat, lng, alarms }) =>
      lat.length === ids.length &&
      lng.length === ids.length &&
      alarms.length === ids.length &&
      ascendingSteps(ids) &&
      wholeNumbers(lat) &&
      wholeNumbers(lng) &&
      wholeNumbers(alarms),
    { message: "mapPoints" },
  );
export type TProjectMapPoints = z.output<typeof ZProjectMapPoints>;

/** One project on the map, as the map reads it (`decodeMapPoints`). */
export interface TProjectMapPoint {
  id: number;
  /** Degrees. */
  lat: number;
  lng: number;
  /** Open faults. */
  alarms: number;
}

type MapColumns = Pick<TProjectMapPoints, "ids" | "lat" | "lng" | "alarms">;

/** The answer's columns for points ordered by id (the server's query orders them so). */
export const encodeMapPoints = (points: readonly TProjectMapPoint[]): MapColumns => {
  const n = points.length;
  const columns: MapColumns = { ids: new Array(n), lat: new Array(n), lng: new Array(n), alarms: new Array(n) };
  let previous = 0;
  for (let i = 0; i < n; i++) {
    const p = points[i] as TProjectMapPoint;
    if (i > 0 && p.id <= previous) throw new RangeError("map points must be in ascending id order");
    columns.ids[i] = p.id - previous;
    columns.lat[i] = toMapCoordinate(p.lat);
    columns.lng[i] = toMapCoordinate(p.lng);
    columns.alarms[i] = p.alarms;
    previous = p.id;
  }
  return columns;
};

/**
 * The answer's points, in id order, with their positions in degrees. Columns of different lengths
 * are a broken answer: refused rather than drawn with positions of other projects.
 */
export const decodeMapPoints = ({ ids, lat, lng, alarms }: MapColumns): TProjectMapPoint[] => {
  const n = ids.length;
  if (lat.length !== n || lng.length !== n || alarms.length !== n) {
    throw new RangeError("map point columns differ in length");
  }
  const points: TProjectMapPoint[] = new Array(n);
  let id = 0;
  for (let i = 0; i < n; i++) {
    id += ids[i] as number;
    points[i] = {
      id,
      // A division, not a multiplication by 1e-5: n / 1e5 is the double nearest the 5-decimal
      // value, the same number the database's rounded position was.
      lat: (lat[i] as number) / MAP_COORDINATE_SCALE,
      lng: (lng[i] as number) / MAP_COORDINATE_SCALE,
      alarms: alarms[i] as number,
    };
  }
  return points;
};

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
  response: ZProjectMapPoints,
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
