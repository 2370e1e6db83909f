import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import {
  buildWorldOutlines,
  clipRing,
  coastLinesOf,
  gridStep,
  type LandPolygon,
  outlineResolutionFor,
  type PathSink,
  tileFrameOf,
  touchesTile,
  tracePath,
  traceRing,
  unwrapLongitudes,
  type WorldOutlines,
  worldX,
  worldY,
} from "./world-outlines.ts";

const require = createRequire(import.meta.url);
const topologyOf = (resolution: "110m" | "50m") =>
  JSON.parse(readFileSync(require.resolve(`world-atlas/countries-${resolution}.json`), "utf8"));

/** Even-odd point in polygon over all rings (holes included), in zoom-0 pixels. */
const inside = (polygon: LandPolygon, x: number, y: number): boolean => {
  let hit = false;
  for (const ring of polygon.rings) {
    for (let i = 0, j = ring.length - 2; i < ring.length; j = i, i += 2) {
      const [xi, yi, xj, yj] = [ring[i] as number, ring[i + 1] as number, ring[j] as number, ring[j + 1] as number];
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) hit = !hit;
    }
  }
  return hit;
};
const onLand = (outlines: WorldOutlines, lat: number, lng: number) =>
  outlines.land.some((polygon) => inside(polygon, worldX(lng), worldY(lat)));

/** The nearest border point to a place, in zoom-0 pixels (one pixel is about 1.4 degrees). */
const nearestBorder = (outlines: WorldOutlines, lat: number, lng: number) => {
  let best = Number.POSITIVE_INFINITY;
  for (const { points } of outlines.borders) {
    for (let i = 0; i < points.length; i += 2) {
      best = Math.min(best, Math.hypot((points[i] as number) - worldX(lng), (points[i + 1] as number) - worldY(lat)));
    }
  }
  return best;
};

class RecordingSink implements PathSink {
  readonly calls: string[] = [];
  readonly points: [number, number][] = [];
  moveTo(x: number, y: number) {
    this.calls.push("M");
    this.points.push([x, y]);
  }
  lineTo(x: number, y: number) {
    this.calls.push("L");
    this.points.push([x, y]);
  }
  closePath() {
    this.calls.push("Z");
  }
}

describe("world outlines", () => {
  it("takes the coarse outlines up to a continent's view and the finer ones closer in", () => {
    expect([1, 2, 3].map(outlineResolutionFor)).toEqual(["110m", "110m", "110m"]);
    expect([4, 6, 12, 18].map(outlineResolutionFor)).toEqual(["50m", "50m", "50m", "50m"]);
  });

  it("projects to Web Mercator pixels at zoom 0, clamped at its latitude limit", () => {
    expect(worldX(-180)).toBe(0);
    expect(worldX(0)).toBe(128);
    expect(worldX(180)).toBe(256);
    expect(worldY(0)).toBeCloseTo(128, 9);
    expect(worldY(85.0511287798)).toBeCloseTo(0, 6);
    expect(worldY(90)).toBeCloseTo(0, 6);
    expect(worldY(-90)).toBeCloseTo(256, 6);
    expect(worldY(52.52)).toBeLessThan(worldY(48.86));
  });

  for (const resolution of ["110m", "50m"] as const) {
    it(`tells land from sea and finds borders between countries (${resolution})`, () => {
      const outlines = buildWorldOutlines(topologyOf(resolution), resolution);
      expect(outlines.resolution).toBe(resolution);
      for (const [lat, lng] of [
        [52.52, 13.4], // Berlin
        [39.9, 116.4], // Beijing
        [-25, 134], // inland Australia
        [40.4, -3.7], // Madrid
      ] as const) {
        expect(onLand(outlines, lat, lng), `${lat},${lng}`).toBe(true);
      }
      for (const [lat, lng] of [
        [30, -40], // mid-Atlantic
        [54.5, 4], // North Sea
        [0, -140], // Pacific
        [42, 50.5], // Caspian Sea, a hole in Eurasia
      ] as const) {
        expect(onLand(outlines, lat, lng), `${lat},${lng}`).toBe(false);
      }
      // Germany and Poland meet on the Oder (about 14.6°E at 52.5°N); none in the open Atlantic.
      expect(nearestBorder(outlines, 52.5, 14.6)).toBeLessThan(0.5);
      expect(nearestBorder(outlines, 35, -45)).toBeGreaterThan(10);
    });
  }

  it("keeps shapes across the antimeridian whole, drawn on both sides, with no band around the world", () => {
    for (const resolution of ["110m", "50m"] as const) {
      const outlines = buildWorldOutlines(topologyOf(resolution), resolution);
      // Between Greenland and Iceland, and in the Norwegian Sea: sea, at the latitude of Chukotka.
      expect(onLand(outlines, 66.8, -25), resolution).toBe(false);
      expect(onLand(outlines, 67.5, 2), resolution).toBe(false);
      // Chukotka, east of 180° (its copy west of the world's right edge), and Siberia west of it.
      expect(onLand(outlines, 66.5, -173), resolution).toBe(true);
      expect(onLand(outlines, 66.5, 172), resolution).toBe(true);
      // No step of a ring or a line crosses half the world, but round the pole (Antarctica, at the bottom).
      for (const path of [
        ...outlines.land.flatMap((p) => p.rings),
        ...outlines.coasts.map((c) => c.points),
        ...outlines.borders.map((b) => b.points),
      ]) {
        for (let i = 2; i < path.length; i += 2) {
          const wide = Math.abs((path[i] as number) - (path[i - 2] as number)) > 128;
          if (wide) expect(Math.min(path[i + 1] as number, path[i - 1] as number), resolution).toBeGreaterThan(250);
        }
      }
    }
    expect(
      unwrapLongitudes([
        [178, 60],
        [-178, 61],
        [-176, 62],
        [179, 63],
        [178, 60],
      ]),
    ).toEqual([
      [178, 60],
      [182, 61],
      [184, 62],
      [179, 63],
      [178, 60],
    ]);
  });

  it("strokes real coasts only, not the cuts along the antimeridian and the pole", () => {
    const outlines = buildWorldOutlines(topologyOf("110m"), "110m");
    expect(outlines.coasts.length).toBeGreaterThan(100);
    for (const { points } of outlines.coasts) {
      for (let i = 2; i < points.length; i += 2) {
        const [x1, y1, x2, y2] = [points[i - 2], points[i - 1], points[i], points[i + 1]] as [
          number,
          number,
          number,
          number,
        ];
        const alongEdge = (x1 === 0 && x2 === 0) || (x1 === 256 && x2 === 256) || (y1 > 255 && y2 > 255);
        expect(alongEdge).toBe(false);
      }
    }
    expect(
      coastLinesOf([
        [170, 60],
        [180, 62],
        [180, 70],
        [175, 71],
        [170, 60],
      ]),
    ).toEqual([
      [
        [170, 60],
        [180, 62],
      ],
      [
        [180, 70],
        [175, 71],
        [170, 60],
      ],
    ]);
    expect(
      coastLinesOf([
        [-60, -70],
        [-60, -89.9],
        [60, -89.9],
        [60, -70],
        [-60, -70],
      ]),
    ).toEqual([
      [
        [-60, -70],
        [-60, -89.9],
      ],
      [
        [60, -89.9],
        [60, -70],
        [-60, -70],
      ],
    ]);
  });

  it("cuts long lines into pieces that share their ends, each with its own extent", () => {
    const outlines = buildWorldOutlines(topologyOf("50m"), "50m");
    for (const piece of [...outlines.coasts, ...outlines.borders]) {
      expect(piece.points.length / 2).toBeLessThanOrEqual(128);
      expect(piece.minX).toBeLessThanOrEqual(piece.maxX);
      expect(piece.minY).toBeLessThanOrEqual(piece.maxY);
    }
    // A full piece is followed by the rest of its line, which starts where the piece ended.
    const full = outlines.coasts.flatMap((piece, i) => (piece.points.length === 256 ? [i] : []));
    expect(full.length).toBeGreaterThan(10);
    for (const i of full) {
      const [piece, next] = [outlines.coasts[i], outlines.coasts[i + 1]] as [
        WorldOutlines["coasts"][number],
        WorldOutlines["coasts"][number],
      ];
      expect([next.points[0], next.points[1]]).toEqual([piece.points.at(-2), piece.points.at(-1)]);
    }
  });

  it("places tiles in the world, wrapping sideways, and culls what does not reach a tile", () => {
    expect(tileFrameOf(0, 0, 0)).toEqual({ scale: 1, left: 0, top: 0, size: 256 });
    expect(tileFrameOf(3, 1, 2)).toEqual({ scale: 4, left: 768, top: 256, size: 256 });
    // The tile west of the first one is the world's last one.
    expect(tileFrameOf(-1, 1, 2).left).toBe(768);
    expect(tileFrameOf(4, 1, 2).left).toBe(0);

    const berlin = { minX: worldX(13.3), maxX: worldX(13.5), minY: worldY(52.6), maxY: worldY(52.4) };
    const z = 6;
    const tileX = Math.floor((worldX(13.4) * 2 ** z) / 256);
    const tileY = Math.floor((worldY(52.5) * 2 ** z) / 256);
    expect(touchesTile(berlin, tileFrameOf(tileX, tileY, z))).toBe(true);
    expect(touchesTile(berlin, tileFrameOf(tileX + 2, tileY, z))).toBe(false);
    expect(touchesTile(berlin, tileFrameOf(tileX, tileY - 2, z))).toBe(false);
  });

  it("traces paths in tile pixels, leaving out points closer than a pixel but never the last", () => {
    const frame = tileFrameOf(0, 0, 0);
    const dense = new Float64Array(2 * 101);
    for (let i = 0; i <= 100; i++) {
      dense[2 * i] = 10 + i * 0.05;
      dense[2 * i + 1] = 20;
    }
    const coarse = new RecordingSink();
    const kept = tracePath(coarse, dense, frame, false);
    expect(kept).toBeLessThan(20);
    expect(coarse.calls[0]).toBe("M");
    expect(coarse.points[0]).toEqual([10, 20]);
    expect(coarse.points.at(-1)).toEqual([15, 20]);
    expect(coarse.calls).not.toContain("Z");

    // Eight zoom levels in, the same points are far apart: every one is drawn, offset to the tile.
    const close = new RecordingSink();
    const zoomed = tileFrameOf(10, 20, 8);
    expect(tracePath(close, dense, zoomed, true)).toBe(101);
    expect(close.points[0]).toEqual([10 * 256 - 2560, 20 * 256 - 5120]);
    expect(close.calls.at(-1)).toBe("Z");

    expect(tracePath(new RecordingSink(), new Float64Array([1, 2]), frame, false)).toBe(0);
  });

  it("cuts rings to the tile for filling: a continent around a tile fills it, one beside it is left out", () => {
    const frame = tileFrameOf(0, 0, 0);
    const square = (x0: number, y0: number, x1: number, y1: number) =>
      new Float64Array([x0, y0, x1, y0, x1, y1, x0, y1]);
    const corners = (ring: number[]) =>
      Array.from({ length: ring.length / 2 }, (_, i) => `${ring[2 * i]},${ring[2 * i + 1]}`).sort();
    // Larger than the tile on every side: the tile's square and its margin.
    expect(corners(clipRing(square(-100, -100, 400, 400), frame, 2))).toEqual(
      ["-2,-2", "258,-2", "258,258", "-2,258"].sort(),
    );
    // Inside: unchanged.
    expect(corners(clipRing(square(10, 10, 20, 20), frame))).toEqual(["10,10", "20,10", "20,20", "10,20"].sort());
    // Beside the tile: nothing.
    expect(clipRing(square(300, 10, 400, 20), frame)).toEqual([]);
    // Across the right edge: cut where it crosses.
    expect(corners(clipRing(square(200, 10, 400, 20), frame, 0))).toEqual(
      ["200,10", "256,10", "256,20", "200,20"].sort(),
    );
    // A diagonal edge is cut where it really crosses, not where its end would be moved to.
    const triangle = new Float64Array([100, 100, 300, 100, 100, 300]);
    const cut = clipRing(triangle, frame, 0);
    expect(corners(cut)).toEqual(["100,100", "256,100", "256,144", "144,256", "100,256"].sort());

    const sink = new RecordingSink();
    traceRing(sink, cut);
    expect(sink.calls).toEqual(["M", "L", "L", "L", "L", "Z"]);
    traceRing(sink, []);
    expect(sink.calls).toHaveLength(6);
  });

  it("keeps a tile's path short: a continent that only reaches into a corner is a few points", () => {
    const outlines = buildWorldOutlines(topologyOf("50m"), "50m");
    // Zoom 6 around Berlin: Eurasia's outer ring is thousands of points, almost all far away.
    const z = 6;
    const frame = tileFrameOf(Math.floor((worldX(13.4) * 2 ** z) / 256), Math.floor((worldY(52.5) * 2 ** z) / 256), z);
    const eurasia = outlines.land.reduce((a, b) => ((b.rings[0]?.length ?? 0) > (a.rings[0]?.length ?? 0) ? b : a));
    const whole = tracePath(new RecordingSink(), eurasia.rings[0] as Float64Array, frame, true);
    const cut = clipRing(eurasia.rings[0] as Float64Array, frame);
    expect(whole).toBeGreaterThan(1000);
    expect(cut.length / 2).toBeLessThan(whole / 10);
    expect(cut.length / 2).toBeGreaterThanOrEqual(4);
  });

  it("draws a faint grid at world and country views only", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 12].map(gridStep)).toEqual([30, 30, 10, 10, 5, 5, 1, 1, null, null]);
  });
});
