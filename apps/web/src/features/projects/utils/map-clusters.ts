import type { TProjectMapPoint } from "@vrf/contract/projects/project-map.ts";
import Supercluster, { type ClusterFeature, type PointFeature } from "supercluster";

/** Per cluster: how many of its projects have open faults (drives the colour). */
export interface ClusterProps {
  alarmProjects: number;
}
export type ProjectFeature = PointFeature<TProjectMapPoint>;
export type MapFeature = ClusterFeature<ClusterProps> | ProjectFeature;
export type ClusterIndex = Supercluster<TProjectMapPoint, ClusterProps>;

export const CLUSTER_MAX_ZOOM = 16;

/**
 * Clusters are computed in the browser from one compact list: building the index for
 * 10,000 projects takes milliseconds, and each view then draws only its clusters.
 */
export const buildClusterIndex = (points: readonly TProjectMapPoint[]): ClusterIndex => {
  const index = new Supercluster<TProjectMapPoint, ClusterProps>({
    radius: 60,
    maxZoom: CLUSTER_MAX_ZOOM,
    map: (p) => ({ alarmProjects: p.alarms > 0 ? 1 : 0 }),
    reduce: (acc, p) => {
      acc.alarmProjects += p.alarmProjects;
    },
  });
  index.load(
    points.map((p) => ({
      type: "Feature" as const,
      geometry: { type: "Point" as const, coordinates: [p.lng, p.lat] },
      properties: p,
    })),
  );
  return index;
};

export const isCluster = (feature: MapFeature): feature is ClusterFeature<ClusterProps> =>
  "cluster" in feature.properties && feature.properties.cluster === true;

export type Tone = "alarm" | "normal";
export const toneOf = (feature: MapFeature): Tone =>
  (isCluster(feature) ? feature.properties.alarmProjects : feature.properties.alarms) > 0 ? "alarm" : "normal";

/** Bigger bubbles for bigger clusters, in a few steps so the map stays calm. */
export const clusterDiameter = (count: number): number => (count < 10 ? 34 : count < 100 ? 40 : count < 1000 ? 48 : 56);

/** Compact counts for a bubble: 999, 1.2k, 12k. */
export const bubbleLabel = (count: number): string =>
  count < 1000 ? String(count) : count < 10_000 ? `${(count / 1000).toFixed(1)}k` : `${Math.round(count / 1000)}k`;

export interface MapSummary {
  projects: number;
  alarmProjects: number;
  openFaults: number;
  devices: number;
}

export const summarise = (points: readonly TProjectMapPoint[]): MapSummary =>
  points.reduce<MapSummary>(
    (s, p) => ({
      projects: s.projects + 1,
      alarmProjects: s.alarmProjects + (p.alarms > 0 ? 1 : 0),
      openFaults: s.openFaults + p.alarms,
      devices: s.devices + p.himit + p.hidom + p.smarttouch + p.checker,
    }),
    { projects: 0, alarmProjects: 0, openFaults: 0, devices: 0 },
  );

/** South-west and north-east corners around every point, or null for none. */
export const boundsOf = (
  points: readonly { lat: number; lng: number }[],
): [[number, number], [number, number]] | null => {
  if (points.length === 0) return null;
  let south = 90;
  let west = 180;
  let north = -90;
  let east = -180;
  for (const p of points) {
    south = Math.min(south, p.lat);
    north = Math.max(north, p.lat);
    west = Math.min(west, p.lng);
    east = Math.max(east, p.lng);
  }
  return [
    [south, west],
    [north, east],
  ];
};
