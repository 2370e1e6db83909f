import type { TProjectMapPoint } from "@vrf/contract/projects/project-map.ts";
import L from "leaflet";
import { type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { createPortal } from "react-dom";
import {
  boundsOf,
  bubbleLabel,
  buildClusterIndex,
  clusterAction,
  clusterDiameter,
  featureKey,
  isCluster,
  type MapFeature,
  type Tone,
  toneOf,
  worldCopyOf,
} from "../utils/map-clusters.ts";
import { autoZoomLimit, createBaseMap, destroyMap } from "./base-map.ts";

export interface ClusterMapText {
  cluster: (count: number, alarmProjects: number) => string;
  /** A cluster no zoom parts: its projects are at one place, and a click lists them. */
  place: (count: number, alarmProjects: number) => string;
  label: string;
}

/** What an open popup shows: one project, or the projects of one place (at most MAP_PLACE_MAX ids). */
export type MapPopupContent = { kind: "project"; id: number } | { kind: "place"; ids: number[]; count: number };

const popupKey = (content: MapPopupContent) =>
  content.kind === "project" ? `project:${content.id}` : `place:${content.ids.join(",")}`;

interface ProjectClusterMapProps {
  points: readonly TProjectMapPoint[];
  tileUrl: string | null;
  text: ClusterMapText;
  /** What the popup of a marker shows; rendered (and fetched) only while it is open. */
  renderPopup: (content: MapPopupContent) => ReactNode;
  /** Changes when the set of points is a new answer (filters changed): the view fits it again. */
  fitKey: string;
  /** Bumped by the "show all" button. */
  fitRequest: number;
}

/**
 * User Timing mark set when the map first shows markers, so the time to first markers can be
 * read in DevTools and by the e2e performance check (`performance.getEntriesByName`).
 */
export const FIRST_MARKERS_MARK = "project-map:first-markers";

const POINT_RADIUS = 8;
const TONE_COLOURS: Record<Tone, string> = { alarm: "#f5222d", normal: "#2bc6c2" };
/**
 * How far beyond the view markers are drawn, as a share of its size (and the canvas's own
 * padding): a pan shows the markers just outside at once, before `moveend` draws the next set.
 */
const RENDER_PADDING = 0.3;

const CLUSTER_HALO = 10;
const CLUSTER_COLOURS: Record<Tone, { fill: string; halo: string }> = {
  alarm: { fill: "rgba(245, 34, 45, 0.88)", halo: "rgba(245, 34, 45, 0.3)" },
  normal: { fill: "rgba(43, 198, 194, 0.9)", halo: "rgba(43, 198, 194, 0.3)" },
};

/** What Leaflet 1.9's canvas renderer keeps on a circle marker while drawing it (not in its types). */
interface CanvasCircleInternals {
  _renderer: { _ctx?: CanvasRenderingContext2D; _drawing?: boolean };
  _point: L.Point;
  _empty(): boolean;
}

/**
 * A cluster bubble drawn on the shared canvas with its count: Leaflet draws the circle (its wide
 * translucent stroke is the halo), then the label goes on top in the same pass. Hundreds of
 * bubbles stay one canvas instead of hundreds of styled elements to lay out and paint on every
 * zoom. It reads the renderer's drawing context, which Leaflet (pinned to 1.9) does not type.
 */
const ClusterBubble = L.CircleMarker.extend({
  _updatePath(this: L.CircleMarker & CanvasCircleInternals & { options: { label?: string } }) {
    (L.CircleMarker.prototype as unknown as { _updatePath(): void })._updatePath.call(this);
    const ctx = this._renderer._ctx;
    if (!ctx || !this._renderer._drawing || this._empty() || !this.options.label) return;
    ctx.globalAlpha = 1;
    ctx.fillStyle = "#fff";
    ctx.font = "600 12px -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, sans-serif";
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillText(this.options.label, this._point.x, this._point.y + 0.5);
  },
}) as unknown as new (
  latlng: L.LatLngExpression,
  options: L.CircleMarkerOptions & { label: string },
) => L.CircleMarker;

/**
 * Every project as a clustered marker, kept smooth for 10,000 projects and more:
 * - only the features of the current view (plus a margin) are drawn, from the supercluster
 *   index (`getClusters(bbox, zoom)`), and only after a move ends: during a drag or a zoom
 *   Leaflet moves the drawn layers as a whole;
 * - a redraw diffs by feature key, so markers still in view are kept, not rebuilt;
 * - clusters and single projects are circles on one shared canvas, not DOM nodes: a redraw is
 *   one pass over a few hundred circles, and a zoom animation scales one element.
 */
export function ProjectClusterMap({ points, tileUrl, text, renderPopup, fitKey, fitRequest }: ProjectClusterMapProps) {
  const element = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const layer = useRef<L.LayerGroup | null>(null);
  const canvas = useRef<L.Canvas | null>(null);
  const popup = useRef<L.Popup | null>(null);
  // The popup's content node: React renders the open project's popup into it through a portal.
  const popupNode = useMemo(() => document.createElement("div"), []);
  const [openPopup, setOpenPopup] = useState<MapPopupContent | null>(null);
  const index = useMemo(() => buildClusterIndex(points), [points]);
  const latest = useRef({ index, text, points });
  latest.current = { index, text, points };

  // Drawn layers by feature key (and world copy): a redraw keeps the ones still shown.
  const shown = useRef(new Map<string, L.Layer>());
  const markedFirst = useRef(false);

  /** Opens the popup with `content` above a marker of `radius` px at `at`. */
  const showPopup = useRef((at: L.LatLng, radius: number, content: MapPopupContent) => {
    const instance = map.current;
    const open = popup.current;
    if (!instance || !open) return;
    // Leaflet's default offset (0, 7) puts the tip on the point itself; lift it to the marker's top.
    open.options.offset = L.point(0, 7 - radius);
    open.setLatLng(at).openOn(instance);
    setOpenPopup(content);
  });

  const draw = useRef((rebuild = false) => {
    const instance = map.current;
    const group = layer.current;
    const renderer = canvas.current;
    if (!instance || !group || !renderer) return;
    const { index: current, text: words } = latest.current;
    if (rebuild) {
      group.clearLayers();
      shown.current.clear();
    }
    // supercluster wraps longitudes itself and answers the whole world for a box wider than it.
    const bounds = instance.getBounds().pad(RENDER_PADDING);
    const zoom = Math.round(instance.getZoom());
    const centreLng = instance.getCenter().lng;
    const features: MapFeature[] = current.getClusters(
      [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()],
      zoom,
    );
    const next = new Map<string, L.Layer>();
    for (const feature of features) {
      const [featureLng, lat] = feature.geometry.coordinates as [number, number];
      const copy = worldCopyOf(featureLng, centreLng);
      const lng = featureLng + 360 * copy;
      const key = `${featureKey(feature)}@${copy}`;
      const existing = shown.current.get(key);
      if (existing) {
        next.set(key, existing);
        continue;
      }
      const tone = toneOf(feature);
      let drawn: L.Layer;
      if (isCluster(feature)) {
        const count = feature.properties.point_count;
        const colours = CLUSTER_COLOURS[tone];
        const radius = clusterDiameter(count) / 2;
        const bubble = new ClusterBubble([lat, lng], {
          renderer,
          // The halo is the stroke: half of it outside the bubble, within what Leaflet redraws and hit-tests.
          radius,
          color: colours.halo,
          weight: CLUSTER_HALO,
          opacity: 1,
          fillColor: colours.fill,
          fillOpacity: 1,
          bubblingMouseEvents: false,
          label: bubbleLabel(count),
        });
        // The bubble's meaning in words on hover (the canvas has no title to show).
        bubble.bindTooltip(
          () => {
            const { alarmProjects } = feature.properties;
            const onePlace = clusterAction(current, feature).kind === "place";
            return onePlace ? words.place(count, alarmProjects) : words.cluster(count, alarmProjects);
          },
          { direction: "top" },
        );
        bubble.on("click", () => {
          const action = clusterAction(current, feature);
          if (action.kind === "zoom") instance.setView([lat, lng], action.zoom);
          else {
            // The hover text would sit over the list it announced.
            bubble.closeTooltip();
            showPopup.current(bubble.getLatLng(), radius + CLUSTER_HALO / 2, action);
          }
        });
        drawn = bubble;
      } else {
        const { id } = feature.properties;
        const dot = L.circleMarker([lat, lng], {
          renderer,
          radius: POINT_RADIUS,
          color: "#fff",
          weight: 2,
          fillColor: TONE_COLOURS[tone],
          fillOpacity: 1,
          bubblingMouseEvents: false,
        });
        dot.on("click", () => showPopup.current(dot.getLatLng(), POINT_RADIUS, { kind: "project", id }));
        drawn = dot;
      }
      group.addLayer(drawn);
      next.set(key, drawn);
    }
    for (const [key, drawn] of shown.current) if (!next.has(key)) group.removeLayer(drawn);
    shown.current = next;
    // Canvas circles have no element of their own: the count is how tests and people see what is drawn.
    if (element.current) element.current.dataset.markers = String(next.size);
    if (next.size > 0 && !markedFirst.current && latest.current.points.length > 0) {
      markedFirst.current = true;
      performance.mark(FIRST_MARKERS_MARK, { detail: { features: next.size, points: latest.current.points.length } });
    }
  });

  const fitLimit = useRef(autoZoomLimit(tileUrl));
  fitLimit.current = autoZoomLimit(tileUrl);

  // Between Leaflet's `zoomanim` and `zoomend`: a zoom animation is running.
  const zooming = useRef(false);

  const fit = useRef(() => {
    const instance = map.current;
    if (!instance) return;
    const apply = () => {
      const bounds = boundsOf(latest.current.points);
      // A jump, not an animation: a new answer replaces the view, and no fit can overlap another.
      if (bounds)
        instance.fitBounds(bounds, { padding: [40, 40], maxZoom: Math.min(13, fitLimit.current), animate: false });
      else instance.setView([25, 30], 2, { animate: false });
    };
    // Leaflet ignores a new view asked for while a zoom animation runs (a wheel zoom, a cluster
    // click, or an answer arriving mid-zoom on a slow machine): fit once it has ended.
    if (zooming.current) instance.once("zoomend", apply);
    else apply();
  });

  useEffect(() => {
    if (!element.current) return;
    const instance = createBaseMap(element.current, tileUrl, { preferCanvas: true });
    map.current = instance;
    canvas.current = L.canvas({ padding: RENDER_PADDING });
    layer.current = L.layerGroup().addTo(instance);
    popup.current = L.popup({ closeButton: true, autoPanPadding: [24, 24], minWidth: 200 }).setContent(popupNode);
    instance.on("popupclose", (event) => {
      if (event.popup === popup.current) setOpenPopup(null);
    });
    instance.setView([25, 30], 2);
    instance.on("zoomanim", () => {
      zooming.current = true;
    });
    instance.on("zoomend", () => {
      zooming.current = false;
    });
    instance.on("moveend", () => draw.current());
    const observer = new ResizeObserver(() => instance.invalidateSize());
    observer.observe(element.current);
    // The popup's content grows once the project is loaded: lay the popup out again around it.
    const content = new ResizeObserver(() => {
      if (popup.current?.isOpen()) popup.current.update();
    });
    content.observe(popupNode);
    return () => {
      observer.disconnect();
      content.disconnect();
      destroyMap(instance);
      map.current = null;
      layer.current = null;
      canvas.current = null;
      popup.current = null;
      zooming.current = false;
      shown.current.clear();
      setOpenPopup(null);
    };
  }, [tileUrl, popupNode]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new answer (fitKey) or a "show all" click refits the view.
  useEffect(() => {
    // The open project may not be among the new answer's points, and the view moves away from it.
    map.current?.closePopup();
    fit.current();
    draw.current(true);
  }, [fitKey, fitRequest, tileUrl]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: new clusters or new words (language) rebuild every marker.
  useEffect(() => {
    draw.current(true);
  }, [index, text]);

  return (
    <>
      <div ref={element} className="project-cluster-map" role="application" aria-label={text.label} />
      {openPopup === null ? null : createPortal(renderPopup(openPopup), popupNode, popupKey(openPopup))}
    </>
  );
}
