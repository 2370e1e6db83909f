import type { TProjectMapPoint } from "@vrf/contract/projects/project-map.ts";
import { describe, expect, it } from "vitest";
import {
  boundsOf,
  bubbleLabel,
  buildClusterIndex,
  featureKey,
  isCluster,
  summarise,
  toneOf,
  worldCopyOf,
} from "./map-clusters.ts";

const point = (id: number, lat: number, lng: number, alarms = 0): TProjectMapPoint => [id, lat, lng, alarms];

describe("project map clusters", () => {
  it("turns 10,000 projects into a handful of features for a world view", () => {
    const points = Array.from({ length: 10_000 }, (_, i) =>
      point(i + 1, -60 + ((i * 7919) % 12_000) / 100, -170 + ((i * 104_729) % 34_000) / 100, i % 10 === 0 ? 1 : 0),
    );
    const started = performance.now();
    const index = buildClusterIndex(points);
    const world = index.getClusters([-180, -85, 180, 85], 2);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(world.length).toBeLessThan(300);
    const total = world.reduce((n, f) => n + (isCluster(f) ? f.properties.point_count : 1), 0);
    expect(total).toBe(10_000);
    const alarmProjects = world.reduce(
      (n, f) => n + (isCluster(f) ? f.properties.alarmProjects : f.properties.alarms > 0 ? 1 : 0),
      0,
    );
    expect(alarmProjects).toBe(1000);
  });

  it("answers only the features of a viewport, across the antimeridian too", () => {
    const index = buildClusterIndex([
      point(1, 10, 10),
      point(2, -10, 179.5),
      point(3, -10, -179.5),
      point(4, 40, -100),
    ]);
    const ids = (bbox: [number, number, number, number]) =>
      index
        .getClusters(bbox, 16)
        .map((f) => (isCluster(f) ? -1 : f.properties.id))
        .sort();
    expect(ids([0, 0, 20, 20])).toEqual([1]);
    expect(ids([179, -20, 181, 0])).toEqual([2, 3]);
    expect(ids([-181, -20, -179, 0])).toEqual([2, 3]);
    // A feature is drawn in the copy of the world nearest the view.
    expect(worldCopyOf(-179.5, 179)).toBe(1);
    expect(worldCopyOf(179.5, -179)).toBe(-1);
    expect(worldCopyOf(10, 0)).toBe(0);
    expect(worldCopyOf(10, 175)).toBe(0);
  });

  it("colours a cluster as alarm when any of its projects has open faults, and keys features stably", () => {
    const index = buildClusterIndex([point(1, 10, 10), point(2, 10.0001, 10.0001, 3), point(3, -40, -40)]);
    const features = index.getClusters([-180, -85, 180, 85], 1);
    const cluster = features.find(isCluster);
    expect(cluster && toneOf(cluster)).toBe("alarm");
    const lone = features.find((f) => !isCluster(f));
    expect(lone && toneOf(lone)).toBe("normal");
    expect(lone && featureKey(lone)).toBe("p3");
    expect(cluster && featureKey(cluster)).toMatch(/^c\d+$/);
    expect(index.getClusters([-180, -85, 180, 85], 1).map(featureKey)).toEqual(features.map(featureKey));
  });

  it("summarises, bounds and labels", () => {
    const points = [point(1, 10, 20, 2), point(2, -5, 30)];
    expect(summarise(points)).toEqual({ projects: 2, alarmProjects: 1, openFaults: 2 });
    expect(boundsOf(points)).toEqual([
      [-5, 20],
      [10, 30],
    ]);
    expect(boundsOf([])).toBeNull();
    expect(bubbleLabel(999)).toBe("999");
    expect(bubbleLabel(1250)).toBe("1.3k");
    expect(bubbleLabel(12_400)).toBe("12k");
  });
});
