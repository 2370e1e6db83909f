import L from "leaflet";
import "leaflet/dist/leaflet.css";
import "./project-maps.css";
import { MAP_MAX_ZOOM } from "../utils/map-views.ts";
import { OUTLINE_DETAIL_ZOOM } from "../utils/world-outlines.ts";
import { createGeographyLayer } from "./geography-layer.ts";

/** How close a map zooms on its own: street level over tiles, OUTLINE_DETAIL_ZOOM over the drawn world. */
export const autoZoomLimit = (tileUrl: string | null): number => (tileUrl ? MAP_MAX_ZOOM : OUTLINE_DETAIL_ZOOM);

/**
 * A Leaflet map on `element`: the configured tiles (`MAP_TILE_URL`), or, without a tile server
 * (no external network in many deployments), land, coastlines and borders drawn from the
 * outlines bundled with the app.
 */
export const createBaseMap = (element: HTMLElement, tileUrl: string | null, options: L.MapOptions = {}): L.Map => {
  const map = L.map(element, {
    minZoom: 1,
    maxZoom: MAP_MAX_ZOOM,
    worldCopyJump: true,
    attributionControl: tileUrl !== null,
    ...options,
  });
  element.classList.toggle("project-map-plain", tileUrl === null);
  if (tileUrl) L.tileLayer(tileUrl, { maxZoom: 19 }).addTo(map);
  else createGeographyLayer().addTo(map);
  return map;
};

/**
 * Removes a map, also in the middle of a zoom. Leaflet ends a zoom animation from a timer that
 * `remove()` does not cancel; when it fires it sends `zoomend` and `moveend` to the map's
 * listeners, and a listener that draws (ours, or a canvas renderer's) then paints on a canvas that
 * is gone ("Cannot read properties of undefined (reading 'clearRect')"). Dropping every listener
 * first leaves that timer nobody to call; the layers are still removed one by one by `remove()`.
 */
export const destroyMap = (instance: L.Map): void => {
  instance.off();
  instance.remove();
};
