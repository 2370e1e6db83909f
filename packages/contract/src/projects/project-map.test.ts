import { describe, expect, it } from "vitest";
import {
  decodeMapPoints,
  encodeMapPoints,
  MAP_COORDINATE_SCALE,
  type TProjectMapPoint,
  toMapCoordinate,
  ZProjectMapPoints,
} from "./project-map.ts";

const answer = (points: TProjectMapPoint[], unlocated = 0) => ({ ...encodeMapPoints(points), unlocated });

describe("map points on the wire", () => {
  it("comes back as sent: ids, positions to 1e-5 degree and open faults", () => {
    const points: TProjectMapPoint[] = [
      { id: 3, lat: 52.52, lng: 13.405, alarms: 0 },
      { id: 4, lat: -33.8688, lng: 151.2093, alarms: 2 },
      { id: 9, lat: 0, lng: -179.99999, alarms: 0 },
      { id: 10, lat: 89.99999, lng: 180, alarms: 17 },
      { id: 11, lat: -90, lng: -0.00001, alarms: 1 },
    ];
    const wire = answer(points, 5);
    expect(wire).toEqual({
      ids: [3, 1, 5, 1, 1],
      lat: [5252000, -3386880, 0, 8999999, -9000000],
      lng: [1340500, 15120930, -17999999, 18000000, -1],
      alarms: [0, 2, 0, 17, 1],
      unlocated: 5,
    });
    expect(ZProjectMapPoints.safeParse(wire).success).toBe(true);
    // Positions the database rounded to 5 decimals come back as the very same numbers.
    expect(decodeMapPoints(wire)).toEqual(points);
    // Through JSON as well: whole numbers only.
    const text = JSON.stringify(wire);
    expect(text).not.toMatch(/\./);
    expect(decodeMapPoints(JSON.parse(text))).toEqual(points);
  });

  it("rounds finer positions to the nearest 1e-5 degree, both sides of zero", () => {
    expect(MAP_COORDINATE_SCALE).toBe(1e5);
    expect(toMapCoordinate(52.520004)).toBe(5252000);
    expect(toMapCoordinate(52.520006)).toBe(5252001);
    expect(toMapCoordinate(-13.405004)).toBe(-1340500);
    expect(toMapCoordinate(-13.405006)).toBe(-1340501);
    // Decimals that are not exact in binary still land on their whole number.
    expect(toMapCoordinate(36.0671)).toBe(3606710);
    expect(toMapCoordinate(0.1 + 0.2)).toBe(30000);
    const [decoded] = decodeMapPoints(answer([{ id: 1, lat: 36.067104, lng: -120.382596, alarms: 0 }]));
    expect(decoded?.lat).toBe(36.0671);
    expect(decoded?.lng).toBe(-120.3826);
  });

  it("answers no points as four empty columns", () => {
    const wire = answer([], 3);
    expect(wire).toEqual({ ids: [], lat: [], lng: [], alarms: [], unlocated: 3 });
    expect(ZProjectMapPoints.safeParse(wire).success).toBe(true);
    expect(decodeMapPoints(wire)).toEqual([]);
  });

  it("sends the first id and then the steps, however large the gaps", () => {
    const ids = [1_000_000_007, 1_000_000_008, 1_000_050_000, 2_000_000_000, 2_000_000_001];
    const points = ids.map((id, i) => ({ id, lat: i, lng: -i, alarms: i % 2 }));
    const wire = answer(points);
    expect(wire.ids).toEqual([1_000_000_007, 1, 49_992, 999_950_000, 1]);
    expect(decodeMapPoints(wire).map((p) => p.id)).toEqual(ids);
    // A single point is its own id.
    expect(answer([{ id: 42, lat: 1, lng: 2, alarms: 0 }]).ids).toEqual([42]);
  });

  it("refuses points out of id order rather than sending steps that go back", () => {
    const at = { lat: 0, lng: 0, alarms: 0 };
    expect(() =>
      encodeMapPoints([
        { id: 2, ...at },
        { id: 1, ...at },
      ]),
    ).toThrow(RangeError);
    expect(() =>
      encodeMapPoints([
        { id: 2, ...at },
        { id: 2, ...at },
      ]),
    ).toThrow(RangeError);
  });

  it("refuses columns of different lengths, fractions and steps that do not ascend", () => {
    const wire = answer([
      { id: 1, lat: 1, lng: 1, alarms: 0 },
      { id: 2, lat: 2, lng: 2, alarms: 1 },
    ]);
    expect(ZProjectMapPoints.safeParse(wire).success).toBe(true);
    for (const broken of [
      { ...wire, lat: [100000] },
      { ...wire, lng: [100000, 200000, 300000] },
      { ...wire, alarms: [0] },
      { ...wire, ids: [1] },
      { ...wire, lat: [100000.5, 200000] },
      { ...wire, alarms: [0, 0.5] },
      { ...wire, ids: [1, 0] },
      { ...wire, ids: [1, -1] },
    ]) {
      expect(ZProjectMapPoints.safeParse(broken).success, JSON.stringify(broken)).toBe(false);
    }
    expect(() => decodeMapPoints({ ...wire, lng: [1] })).toThrow(RangeError);
    expect(() => decodeMapPoints({ ...wire, alarms: [] })).toThrow(RangeError);
  });

  it("decodes a channel's 10,000 points in a few milliseconds", () => {
    const points = Array.from({ length: 10_000 }, (_, i) => ({
      id: 100 + i * 3,
      lat: Math.round((-60 + ((i * 7919) % 12_000) / 100) * 1e5) / 1e5,
      lng: Math.round((-170 + ((i * 104_729) % 34_000) / 100) * 1e5) / 1e5,
      alarms: i % 10 === 0 ? 1 : 0,
    }));
    const wire = answer(points);
    const started = performance.now();
    const decoded = decodeMapPoints(wire);
    expect(performance.now() - started).toBeLessThan(200);
    expect(decoded).toEqual(points);
  });
});
