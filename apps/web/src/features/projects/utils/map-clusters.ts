import { MAP_PLACE_MAX, type TProjectMapPoint } from "@vrf/contract/projects/project-map.ts";
import Supercluster, { type ClusterFeature, type PointFeature } from "supercluster";
import { MAP_MAX_ZOOM } from "./map-views.ts";

/** A single project on the map: what its marker needs, nothing more (the popup fetches the rest). */
export interface PointProps {
  id: number;
  alarms: number;
}
/** Per cluster: how many of its projects have open faults (drives the colour). */
export interface ClusterProps {
  alarmProjects: number;
}
export type ProjectFeature = PointFeature<PointProps>;
export type MapFeature = ClusterFeature<ClusterProps> | ProjectFeature;
export type ClusterIndex = Supercluster<PointProps, ClusterProps>;
/** west, south, east, north in degrees, as supercluster and the map_points `bbox` take it. */
export type Bbox = [number, number, number, number];

/**
 * Clusters are kept up to the map's closest zoom, so projects that no zoom level parts (one
 * address, or a few metres apart) stay one marker with their count instead of dots drawn over
 * each other, of which only the top one could be clicked.
 */
export const CLUSTER_MAX_ZOOM = MAP_MAX_ZOOM;

/**
 * Clusters are computed in the browser from one compact list: building the index for
 * 10,000 projects takes milliseconds, and each view then asks only for its own clusters.
 */
export const buildClusterIndex = (points: readonly TProjectMapPoint[]): ClusterIndex => {
  const index = new Supercluster<PointProps, ClusterProps>({
    radius: 60,
    maxZoom: CLUSTER_MAX_ZOOM,
    map: (p) => ({ alarmProjects: p.alarms > 0 ? 1 : 0 }),
    reduce: (acc, p) => {
      acc.alarmProjects += p.alarmProjects;
    },
  });
  const features: ProjectFeature[] = new Array(points.length);
  for (let i = 0; i < points.length; i++) {
    const p = points[i] as TProjectMapPoint;
    features[i] = {
      type: "Feature",
      geometry: { type: "Point", coordinates: [p.lng, p.lat] },
      properties: { id: p.id, alarms: p.alarms },
    };
  }
  index.load(features);
  return index;
};

export const isCluster = (feature: MapFeature): feature is ClusterFeature<ClusterProps> =>
  "cluster" in feature.properties && feature.properties.cluster === true;

export type Tone = "alarm" | "normal";
export const toneOf = (feature: MapFeature): Tone =>
  (isCluster(feature) ? feature.properties.alarmProjects : feature.properties.alarms) > 0 ? "alarm" : "normal";

/** A stable key per drawn feature, so a redraw keeps the markers that are still in view. */
export const featureKey = (feature: MapFeature): string =>
  isCluster(feature) ? `c${feature.properties.cluster_id}` : `p${feature.properties.id}`;

/**
 * Which copy of the world to draw a feature in (0 the main one, -1 west, 1 east): the one
 * nearest the view's centre, so a view across the antimeridian shows the projects on the far
 * side next to those on this one. The feature is drawn at `lng + 360 * copy`.
 */
// `|| 0` turns Math.round's -0 into 0, so a key built from it is the same either side of 0.
export const worldCopyOf = (lng: number, centreLng: number): number => Math.round((centreLng - lng) / 360) || 0;

/** Bigger bubbles for bigger clusters, in a few steps so the map stays calm. */
export const clusterDiameter = (count: number): number => (count < 10 ? 34 : count < 100 ? 40 : count < 1000 ? 48 : 56);

/** Compact counts for a bubble: 999, 1.2k, 12k. */
export const bubbleLabel = (count: number): string =>
  count < 1000 ? String(count) : count < 10_000 ? `${(count / 1000).toFixed(1)}k` : `${Math.round(count / 1000)}k`;

export interface MapSummary {
  projects: number;
  alarmProjects: number;
  openFaults: number;
}

export const summarise = (points: readonly TProjectMapPoint[]): MapSummary => {
  const summary: MapSummary = { projects: points.length, alarmProjects: 0, openFaults: 0 };
  for (const p of points) {
    const alarms = p.alarms;
    if (alarms > 0) summary.alarmProjects += 1;
    summary.openFaults += alarms;
  }
  return summary;
};

/** South-west and north-east corners around every point, or null for none. */
export const boundsOf = (points: readonly TProjectMapPoint[]): [[number, number], [number, number]] | null => {
  if (points.length === 0) return null;
  let south = 90;
  let west = 180;
  let north = -90;
  let east = -180;
  for (const p of points) {
    const { lat, lng } = p;
    if (lat < south) south = lat;
    if (lat > north) north = lat;
    if (lng < west) west = lng;
    if (lng > east) east = lng;
  }
  return [
    [south, west],
    [north, east],
  ];
};

/** What a click on a cluster does: zoom in until it parts, or list the projects of its one place. */
export type ClusterAction =
  | { kind: "zoom"; zoom: number }
  | {
      kind: "place";
      /** The place's projects, at most `MAP_PLACE_MAX` of them (what its popup lists). */
      ids: number[];
      /** How many projects the place has in all. */
      count: number;
    };

export const clusterAction = (index: ClusterIndex, cluster: ClusterFeature<ClusterProps>): ClusterAction => {
  const { cluster_id: clusterId, point_count: count } = cluster.properties;
  const zoom = index.getClusterExpansionZoom(clusterId);
  if (zoom <= MAP_MAX_ZOOM) return { kind: "zoom", zoom };
  const ids = index.getLeaves(clusterId, MAP_PLACE_MAX).map((leaf) => leaf.properties.id);
  return { kind: "place", ids, count };
};
