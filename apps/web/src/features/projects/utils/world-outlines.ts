import { feature, mesh } from "topojson-client";

/**
 * The world's land, coastlines and country borders, from Natural Earth's outlines as the
 * `world-atlas` package ships them (TopoJSON), turned once into Web Mercator pixels at zoom 0
 * (the world is 256 px square), so drawing a map tile is only a scale, an offset and a path.
 */

type Topology = Parameters<typeof mesh>[0];
type TopologyObject = NonNullable<Parameters<typeof mesh>[1]>;
type Position = number[];

/**
 * Natural Earth's two smaller scales: 1:110m (33 kB compressed) is plenty for the world and a
 * continent; 1:50m (205 kB) keeps coastlines and borders close to right down to a region. Their
 * 1:10m outlines (over 1 MB) would add little: without a tile server nothing finer than borders
 * is drawn anyway, and a street-level view shows land or sea.
 */
export type OutlineResolution = "110m" | "50m";

/** The coarse outlines up to a continent's view (zoom 3), the finer ones from there in. */
export const outlineResolutionFor = (zoom: number): OutlineResolution => (zoom <= 3 ? "110m" : "50m");

/**
 * The closest the maps go on their own (to a saved position, a chosen city, a single project)
 * when they draw these outlines: further in, a view shows only land or sea, with no border or
 * coast around to tell where it is. Users may still zoom in further themselves.
 */
export const OUTLINE_DETAIL_ZOOM = 8;

/** Web Mercator's limit: the world is square between these latitudes. */
const MAX_LATITUDE = 85.0511287798;
export const WORLD_SIZE = 256;

export const worldX = (lng: number): number => ((lng + 180) / 360) * WORLD_SIZE;
export const worldY = (lat: number): number => {
  const clamped = Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, lat));
  const sin = Math.sin((clamped * Math.PI) / 180);
  return (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * WORLD_SIZE;
};

/** Pixel extent at zoom 0; y grows southwards. */
export interface Extent {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** A polyline or ring as x0, y0, x1, y1, … in zoom-0 pixels, with its extent for culling. */
export interface OutlinePath extends Extent {
  points: Float64Array;
}

/** A land polygon: its outer ring and its holes (lakes, inland seas), filled together even-odd. */
export interface LandPolygon extends Extent {
  rings: Float64Array[];
}

export interface WorldOutlines {
  resolution: OutlineResolution;
  land: LandPolygon[];
  coasts: OutlinePath[];
  borders: OutlinePath[];
}

/**
 * Lines longer than this many points are cut into pieces with extents of their own: a tile then
 * strokes the few pieces that cross it instead of a continent's whole coastline.
 */
const PIECE_POINTS = 128;

const extentOf = (points: Float64Array): Extent => {
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < points.length; i += 2) {
    const x = points[i] as number;
    const y = points[i + 1] as number;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  return { minX, minY, maxX, maxY };
};

/** Pixels at zoom 0, `shift` degrees of longitude added (a copy of a shape one world east or west). */
const projected = (positions: readonly Position[], shift = 0): Float64Array => {
  const points = new Float64Array(positions.length * 2);
  for (let i = 0; i < positions.length; i++) {
    const [lng = 0, lat = 0] = positions[i] as Position;
    points[2 * i] = worldX(lng + shift);
    points[2 * i + 1] = worldY(lat);
  }
  return points;
};

const piecesOf = (line: readonly Position[], shift = 0): OutlinePath[] => {
  const pieces: OutlinePath[] = [];
  // Consecutive pieces share their end point, so the stroke has no gap where they meet.
  for (let start = 0; start < line.length - 1; start += PIECE_POINTS - 1) {
    const points = projected(line.slice(start, start + PIECE_POINTS), shift);
    pieces.push({ points, ...extentOf(points) });
  }
  return pieces;
};

/** A step between two points that is longer than half the world goes the other way round. */
const jumpsAcross = (lng1: number, lng2: number): boolean => Math.abs(lng2 - lng1) > 180;

/**
 * The same line or ring with continuous longitudes: the outlines follow the sphere, so a shape
 * that crosses the antimeridian (Chukotka with Eurasia, Fiji) steps from 180° to -180°, which on a
 * flat map is a stroke across the whole world and, filled, a band around it. After such a step
 * the rest is shifted by 360°, so the shape stays whole, reaching past ±180°. A ring that crosses
 * an odd number of times goes round a pole (Antarctica) and is left as it is: its step is where
 * it closes along the bottom of the world.
 */
export const unwrapLongitudes = (positions: readonly Position[], ring = true): Position[] => {
  let shift = 0;
  let crossings = 0;
  const unwrapped = positions.map((position, i) => {
    const previous = positions[i - 1];
    const [lng = 0, lat = 0] = position;
    if (previous && jumpsAcross(previous[0] ?? 0, lng)) {
      shift += lng > (previous[0] ?? 0) ? -360 : 360;
      crossings++;
    }
    return [lng + shift, lat];
  });
  return !ring || crossings % 2 === 0 ? unwrapped : positions.map((p) => [...p]);
};

/** Where a shape is drawn: where it is, and a world west or east for the part past ±180°. */
const worldShifts = (positions: readonly Position[]): number[] => {
  let west = 0;
  let east = 0;
  for (const [lng = 0] of positions) {
    if (lng < west) west = lng;
    if (lng > east) east = lng;
  }
  return [0, ...(east > 180 ? [-360] : []), ...(west < -180 ? [360] : [])];
};

/**
 * Natural Earth cuts land at the antimeridian and closes Antarctica along the pole: those edges
 * close the polygons for filling but are not coast, and stroked they would draw a line down the
 * 180th meridian and along the bottom of the world.
 */
const isCutEdge = ([lng1 = 0, lat1 = 0]: Position, [lng2 = 0, lat2 = 0]: Position): boolean =>
  (Math.abs(lng1) > 179.999 && Math.abs(lng2) > 179.999 && Math.sign(lng1) === Math.sign(lng2)) ||
  (lat1 < -84 && lat2 < -84) ||
  jumpsAcross(lng1, lng2);

/** A ring's coastline: the ring without its cut edges, as one or more lines. */
export const coastLinesOf = (ring: readonly Position[]): Position[][] => {
  const lines: Position[][] = [];
  let current: Position[] = [];
  for (let i = 0; i < ring.length - 1; i++) {
    const from = ring[i] as Position;
    const to = ring[i + 1] as Position;
    if (isCutEdge(from, to)) {
      if (current.length > 1) lines.push(current);
      current = [];
      continue;
    }
    if (current.length === 0) current.push(from);
    current.push(to);
  }
  if (current.length > 1) lines.push(current);
  return lines;
};

/** The parts of GeoJSON that topojson-client's `feature` answers with and this file reads. */
type Geometry =
  | { type: "Polygon"; coordinates: Position[][] }
  | { type: "MultiPolygon"; coordinates: Position[][][] }
  | { type: "GeometryCollection"; geometries: Geometry[] }
  | { type: "Point" | "MultiPoint" | "LineString" | "MultiLineString" };
type Feature = { type: "Feature"; geometry: Geometry | null };
type FeatureCollection = { type: "FeatureCollection"; features: Feature[] };

const polygonsOf = (geometry: Geometry | null): Position[][][] => {
  if (!geometry) return [];
  if (geometry.type === "Polygon") return [geometry.coordinates];
  if (geometry.type === "MultiPolygon") return geometry.coordinates;
  if (geometry.type === "GeometryCollection") return geometry.geometries.flatMap(polygonsOf);
  return [];
};

/**
 * Land, coasts and borders of a `world-atlas` countries topology (its `land` and `countries`
 * objects). Land is filled from the merged `land` object, not country by country, so no seam
 * shows where two countries' fills meet; borders are the arcs two countries share.
 */
export const buildWorldOutlines = (topology: Topology, resolution: OutlineResolution): WorldOutlines => {
  const objects = topology.objects as Record<string, TopologyObject>;
  const landObject = objects.land;
  const countriesObject = objects.countries;
  if (!landObject || !countriesObject) throw new Error("not a world-atlas countries topology");

  const landFeature = feature(topology, landObject) as unknown as Feature | FeatureCollection;
  const features = landFeature.type === "FeatureCollection" ? landFeature.features : [landFeature];
  const land: LandPolygon[] = [];
  const coasts: OutlinePath[] = [];
  for (const polygon of features.flatMap((f) => polygonsOf(f.geometry))) {
    const rings = polygon.map((ring) => unwrapLongitudes(ring));
    const outer = rings[0];
    if (!outer || outer.length < 3) continue;
    for (const shift of worldShifts(outer)) {
      const projectedRings = rings.map((ring) => projected(ring, shift));
      land.push({ rings: projectedRings, ...extentOf(projectedRings[0] as Float64Array) });
      for (const ring of rings) for (const line of coastLinesOf(ring)) coasts.push(...piecesOf(line, shift));
    }
  }

  const borderLines = mesh(topology, countriesObject, (a, b) => a !== b).coordinates;
  const borders = borderLines.flatMap((line) => {
    if (line.length < 2) return [];
    const whole = unwrapLongitudes(line, false);
    return worldShifts(whole).flatMap((shift) => piecesOf(whole, shift));
  });
  return { resolution, land, coasts, borders };
};

/** How zoom-0 pixels map onto one tile: `x * scale - left`, `y * scale - top`. */
export interface TileFrame {
  scale: number;
  left: number;
  top: number;
  size: number;
}

/** The frame of tile (x, y) at zoom z; x is wrapped into the world (the map repeats sideways). */
export const tileFrameOf = (x: number, y: number, z: number, size = 256): TileFrame => {
  const tiles = 2 ** z;
  const wrapped = ((x % tiles) + tiles) % tiles;
  return { scale: (2 ** z * size) / WORLD_SIZE, left: wrapped * size, top: y * size, size };
};

/** Whether an extent reaches into the tile (with `margin` pixels around it for line widths). */
export const touchesTile = (extent: Extent, frame: TileFrame, margin = 2): boolean =>
  extent.maxX * frame.scale - frame.left >= -margin &&
  extent.minX * frame.scale - frame.left <= frame.size + margin &&
  extent.maxY * frame.scale - frame.top >= -margin &&
  extent.minY * frame.scale - frame.top <= frame.size + margin;

/** What tracing needs of a canvas context, so the arithmetic runs (and is tested) without one. */
export interface PathSink {
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  closePath(): void;
}

/**
 * Adds a line or ring to the current path in tile pixels, leaving out points closer than
 * `minStep` pixels to the last one kept: a continent at zoom 2 is a few hundred points on
 * screen, not thousands. The last point is always kept, so a line ends where it should.
 * Answers how many points went into the path.
 */
export const tracePath = (
  sink: PathSink,
  points: Float64Array,
  frame: TileFrame,
  closed: boolean,
  minStep = 0.7,
): number => {
  const count = points.length / 2;
  if (count < 2) return 0;
  const { scale, left, top } = frame;
  let lastX = (points[0] as number) * scale - left;
  let lastY = (points[1] as number) * scale - top;
  sink.moveTo(lastX, lastY);
  let kept = 1;
  for (let i = 1; i < count; i++) {
    const x = (points[2 * i] as number) * scale - left;
    const y = (points[2 * i + 1] as number) * scale - top;
    if (i < count - 1 && Math.abs(x - lastX) + Math.abs(y - lastY) < minStep) continue;
    sink.lineTo(x, y);
    lastX = x;
    lastY = y;
    kept++;
  }
  if (closed) sink.closePath();
  return kept;
};

/** One edge of the clip rectangle: `axis` 0 is x, 1 is y; points with `sign * value <= sign * limit` are kept. */
type ClipEdge = { axis: 0 | 1; limit: number; sign: 1 | -1 };

const clipAgainst = (input: number[], { axis, limit, sign }: ClipEdge): number[] => {
  const output: number[] = [];
  const count = input.length / 2;
  if (count === 0) return output;
  const keeps = (i: number) => sign * (input[2 * i + axis] as number) <= sign * limit;
  let previous = count - 1;
  let previousKept = keeps(previous);
  for (let i = 0; i < count; i++) {
    const kept = keeps(i);
    if (kept !== previousKept) {
      // Where the edge from the previous point to this one crosses the limit.
      const [ax, ay, bx, by] = [input[2 * previous], input[2 * previous + 1], input[2 * i], input[2 * i + 1]] as [
        number,
        number,
        number,
        number,
      ];
      const t = axis === 0 ? (limit - ax) / (bx - ax) : (limit - ay) / (by - ay);
      output.push(ax + t * (bx - ax), ay + t * (by - ay));
    }
    if (kept) output.push(input[2 * i] as number, input[2 * i + 1] as number);
    previous = i;
    previousKept = kept;
  }
  return output;
};

/**
 * A ring in tile pixels, cut to the tile and `margin` around it (Sutherland-Hodgman), points
 * closer than `minStep` left out first. A continent's coast that only touches a tile becomes a
 * handful of points along the tile's edge, where the canvas would otherwise walk all of it for
 * every tile. For filling only: the cut adds edges along the tile's border that are not coast.
 * Answers x0, y0, x1, y1, …; empty when nothing of the ring is in the tile.
 */
export const clipRing = (points: Float64Array, frame: TileFrame, margin = 2, minStep = 0.7): number[] => {
  const { scale, left, top, size } = frame;
  const count = points.length / 2;
  let ring: number[] = [];
  let lastX = Number.NaN;
  let lastY = Number.NaN;
  for (let i = 0; i < count; i++) {
    const x = (points[2 * i] as number) * scale - left;
    const y = (points[2 * i + 1] as number) * scale - top;
    if (Math.abs(x - lastX) + Math.abs(y - lastY) < minStep) continue;
    ring.push(x, y);
    lastX = x;
    lastY = y;
  }
  const [low, high] = [-margin, size + margin];
  for (const edge of [
    { axis: 0, limit: low, sign: -1 },
    { axis: 0, limit: high, sign: 1 },
    { axis: 1, limit: low, sign: -1 },
    { axis: 1, limit: high, sign: 1 },
  ] as const) {
    ring = clipAgainst(ring, edge);
  }
  return ring.length >= 6 ? ring : [];
};

/** Adds a ring already in tile pixels (see clipRing) to the current path, closed. */
export const traceRing = (sink: PathSink, ring: readonly number[]): void => {
  if (ring.length < 6) return;
  sink.moveTo(ring[0] as number, ring[1] as number);
  for (let i = 2; i < ring.length; i += 2) sink.lineTo(ring[i] as number, ring[i + 1] as number);
  sink.closePath();
};

/**
 * Degrees between the lines of the faint grid under the land, by zoom; none from a city's view
 * in, where a degree is wider than the screen.
 */
export const gridStep = (zoom: number): number | null =>
  zoom <= 2 ? 30 : zoom <= 4 ? 10 : zoom <= 6 ? 5 : zoom <= 8 ? 1 : null;
