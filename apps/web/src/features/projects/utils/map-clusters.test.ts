import type { TProjectMapPoint } from "@vrf/contract/projects/project-map.ts";
import { MAP_PLACE_MAX } from "@vrf/contract/projects/project-map.ts";
import type { ClusterFeature } from "supercluster";
import { describe, expect, it } from "vitest";
import {
  boundsOf,
  bubbleLabel,
  buildClusterIndex,
  type ClusterProps,
  clusterAction,
  featureKey,
  isCluster,
  summarise,
  toneOf,
  worldCopyOf,
} from "./map-clusters.ts";
import { MAP_MAX_ZOOM } from "./map-views.ts";

const point = (id: number, lat: number, lng: number, alarms = 0): TProjectMapPoint => ({ id, lat, lng, alarms });

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

  it("keeps projects at one address one marker at every zoom, whose click lists them", () => {
    const index = buildClusterIndex([point(1, 52.52, 13.405), point(2, 52.52, 13.405, 1), point(3, -33.87, 151.21)]);
    for (let zoom = 1; zoom <= MAP_MAX_ZOOM; zoom++) {
      const here = index.getClusters([13.3, 52.4, 13.5, 52.6], zoom);
      expect(here, `zoom ${zoom}`).toHaveLength(1);
      expect(isCluster(here[0] as (typeof here)[number])).toBe(true);
    }
    const [cluster] = index.getClusters([13.3, 52.4, 13.5, 52.6], 6) as [ClusterFeature<ClusterProps>];
    expect(toneOf(cluster)).toBe("alarm");
    const action = clusterAction(index, cluster);
    expect(action.kind).toBe("place");
    if (action.kind === "place") {
      expect(action.ids.sort()).toEqual([1, 2]);
      expect(action.count).toBe(2);
    }
  });

  it("zooms into a cluster that parts at a closer zoom; a few metres apart is one place", () => {
    // About 70 m apart: parted at street level.
    const street = buildClusterIndex([point(1, 52.52, 13.405), point(2, 52.5206, 13.4052)]);
    const [far] = street.getClusters([13.3, 52.4, 13.5, 52.6], 10) as [ClusterFeature<ClusterProps>];
    const zoom = clusterAction(street, far);
    expect(zoom.kind).toBe("zoom");
    if (zoom.kind === "zoom") {
      expect(zoom.zoom).toBeGreaterThan(10);
      expect(zoom.zoom).toBeLessThanOrEqual(MAP_MAX_ZOOM);
      expect(street.getClusters([13.3, 52.4, 13.5, 52.6], zoom.zoom)).toHaveLength(2);
    }
    // About 1 m apart: no zoom of the map parts their dots.
    const building = buildClusterIndex([point(1, 52.52, 13.405), point(2, 52.520009, 13.405)]);
    const [near] = building.getClusters([13.3, 52.4, 13.5, 52.6], 10) as [ClusterFeature<ClusterProps>];
    expect(clusterAction(building, near).kind).toBe("place");
  });

  it("lists at most the first hundred projects of a crowded place, and says how many there are", () => {
    const crowd = Array.from({ length: MAP_PLACE_MAX + 20 }, (_, i) => point(i + 1, 31.23, 121.47));
    const index = buildClusterIndex(crowd);
    const [cluster] = index.getClusters([121, 31, 122, 32], 4) as [ClusterFeature<ClusterProps>];
    const action = clusterAction(index, cluster);
    expect(action).toMatchObject({ kind: "place", count: MAP_PLACE_MAX + 20 });
    if (action.kind === "place") expect(new Set(action.ids).size).toBe(MAP_PLACE_MAX);
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
