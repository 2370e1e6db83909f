import type { TProjectMapPoint } from "@vrf/contract/projects/project-map.ts";
import L from "leaflet";
import { useEffect, useMemo, useRef } from "react";
import {
  boundsOf,
  bubbleLabel,
  buildClusterIndex,
  CLUSTER_MAX_ZOOM,
  clusterDiameter,
  isCluster,
  type MapFeature,
  toneOf,
} from "../utils/map-clusters.ts";
import { createBaseMap } from "./base-map.ts";

export interface ClusterMapText {
  details: string;
  devices: (point: TProjectMapPoint) => string;
  alarms: (point: TProjectMapPoint) => string;
  cluster: (count: number, alarmProjects: number) => string;
  marker: (point: TProjectMapPoint) => string;
  label: string;
}

interface ProjectClusterMapProps {
  points: readonly TProjectMapPoint[];
  tileUrl: string | null;
  text: ClusterMapText;
  onOpenProject: (id: number) => void;
  /** Changes when the set of points is a new answer (filters changed): the view fits it again. */
  fitKey: string;
  /** Bumped by the "show all" button. */
  fitRequest: number;
}

const POINT_SIZE = 18;

/** The popup is built as DOM nodes with text content: project names are user input. */
const popupContent = (point: TProjectMapPoint, text: ClusterMapText, open: (id: number) => void): HTMLElement => {
  const root = document.createElement("div");
  root.className = "project-popup";
  const line = (className: string, content: string) => {
    const node = document.createElement("div");
    node.className = className;
    node.textContent = content;
    root.appendChild(node);
    return node;
  };
  line("project-popup-name", point.name);
  line("project-popup-code", point.code);
  line("project-popup-row", text.devices(point));
  line(`project-popup-row ${point.alarms > 0 ? "project-popup-alarm" : "project-popup-normal"}`, text.alarms(point));
  const link = document.createElement("button");
  link.type = "button";
  link.className = "project-popup-link";
  link.textContent = text.details;
  link.addEventListener("click", () => open(point.id));
  root.appendChild(link);
  return root;
};

const iconOf = (feature: MapFeature, text: ClusterMapText): L.DivIcon => {
  const tone = toneOf(feature);
  if (isCluster(feature)) {
    const count = feature.properties.point_count;
    const size = clusterDiameter(count);
    return L.divIcon({
      className: "",
      html: `<div class="project-marker project-marker-cluster project-marker-${tone}" style="width:${size}px;height:${size}px" aria-label="${text
        .cluster(count, feature.properties.alarmProjects)
        .replace(/"/g, "&quot;")}">${bubbleLabel(count)}</div>`,
      iconSize: [size, size],
      iconAnchor: [size / 2, size / 2],
    });
  }
  return L.divIcon({
    className: "",
    html: `<div class="project-marker project-marker-point project-marker-${tone}"></div>`,
    iconSize: [POINT_SIZE, POINT_SIZE],
    iconAnchor: [POINT_SIZE / 2, POINT_SIZE / 2],
    popupAnchor: [0, -POINT_SIZE / 2],
  });
};

/**
 * Every project as a clustered marker. Only the clusters of the current view are
 * drawn, and they are redrawn after each move, so 10,000 projects stay smooth.
 */
export function ProjectClusterMap({
  points,
  tileUrl,
  text,
  onOpenProject,
  fitKey,
  fitRequest,
}: ProjectClusterMapProps) {
  const element = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const layer = useRef<L.LayerGroup | null>(null);
  const index = useMemo(() => buildClusterIndex(points), [points]);
  const latest = useRef({ index, text, onOpenProject, points });
  latest.current = { index, text, onOpenProject, points };

  // Markers by feature key: a redraw keeps the ones still shown, so an open popup survives a pan.
  const shown = useRef(new Map<string, L.Marker>());

  const draw = useRef((rebuild = false) => {
    const instance = map.current;
    const group = layer.current;
    if (!instance || !group) return;
    const { index: current, text: words, onOpenProject: open } = latest.current;
    if (rebuild) {
      group.clearLayers();
      shown.current.clear();
    }
    const bounds = instance.getBounds();
    const wholeWorld = bounds.getEast() - bounds.getWest() >= 360;
    const bbox: [number, number, number, number] = wholeWorld
      ? [-180, -85, 180, 85]
      : [
          L.Util.wrapNum(bounds.getWest(), [-180, 180], true),
          Math.max(-85, bounds.getSouth()),
          L.Util.wrapNum(bounds.getEast(), [-180, 180], true),
          Math.min(85, bounds.getNorth()),
        ];
    const zoom = Math.round(instance.getZoom());
    const next = new Map<string, L.Marker>();
    for (const feature of current.getClusters(bbox, zoom)) {
      const key = isCluster(feature) ? `c${feature.properties.cluster_id}` : `p${feature.properties.id}`;
      const existing = shown.current.get(key);
      if (existing) {
        next.set(key, existing);
        continue;
      }
      const [lng, lat] = feature.geometry.coordinates as [number, number];
      let marker: L.Marker;
      if (isCluster(feature)) {
        marker = L.marker([lat, lng], {
          icon: iconOf(feature, words),
          title: words.cluster(feature.properties.point_count, feature.properties.alarmProjects),
        });
        marker.on("click", () => {
          const target = Math.min(current.getClusterExpansionZoom(feature.properties.cluster_id), CLUSTER_MAX_ZOOM + 1);
          instance.setView([lat, lng], target);
        });
      } else {
        const point = feature.properties;
        marker = L.marker([lat, lng], { icon: iconOf(feature, words), title: words.marker(point) });
        marker.bindPopup(() => popupContent(point, words, open), { closeButton: true, autoPanPadding: [24, 24] });
      }
      group.addLayer(marker);
      next.set(key, marker);
    }
    for (const [key, marker] of shown.current) if (!next.has(key)) group.removeLayer(marker);
    shown.current = next;
  });

  const fit = useRef(() => {
    const instance = map.current;
    if (!instance) return;
    const bounds = boundsOf(latest.current.points);
    if (bounds) instance.fitBounds(bounds, { padding: [40, 40], maxZoom: 13 });
    else instance.setView([25, 30], 2);
  });

  useEffect(() => {
    if (!element.current) return;
    const instance = createBaseMap(element.current, tileUrl, { preferCanvas: false });
    map.current = instance;
    layer.current = L.layerGroup().addTo(instance);
    instance.setView([25, 30], 2);
    instance.on("moveend", () => draw.current());
    const observer = new ResizeObserver(() => instance.invalidateSize());
    observer.observe(element.current);
    return () => {
      observer.disconnect();
      instance.remove();
      map.current = null;
      layer.current = null;
      shown.current.clear();
    };
  }, [tileUrl]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new answer (fitKey) or a "show all" click refits the view.
  useEffect(() => {
    fit.current();
    draw.current(true);
  }, [fitKey, fitRequest, tileUrl]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: new clusters or new words (language) rebuild every marker.
  useEffect(() => {
    draw.current(true);
  }, [index, text]);

  return <div ref={element} className="project-cluster-map" role="application" aria-label={text.label} />;
}
