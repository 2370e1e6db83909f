import L from "leaflet";
import "leaflet/dist/leaflet.css";
import "./project-maps.css";

/** How many degrees apart the grid lines are at a zoom level (the plain background without tiles). */
export const graticuleStep = (zoom: number): number =>
  zoom <= 2 ? 30 : zoom <= 4 ? 10 : zoom <= 6 ? 5 : zoom <= 8 ? 1 : 0.25;

/**
 * Without a tile server (no external network in many deployments) the map still needs
 * a sense of place: a light latitude/longitude grid, drawn per tile on a canvas.
 */
const Graticule = L.GridLayer.extend({
  createTile(this: L.GridLayer & { _map?: L.Map }, coords: L.Coords): HTMLElement {
    const tile = document.createElement("canvas");
    tile.width = 256;
    tile.height = 256;
    const context = tile.getContext("2d");
    const map = this._map;
    if (!context || !map) return tile;
    const step = graticuleStep(coords.z);
    const origin = L.point(coords.x * 256, coords.y * 256);
    const northWest = map.unproject(origin, coords.z);
    const southEast = map.unproject(origin.add([256, 256]), coords.z);
    context.strokeStyle = "rgba(43, 198, 194, 0.22)";
    context.fillStyle = "rgba(60, 90, 100, 0.55)";
    context.font = "10px sans-serif";
    context.lineWidth = 1;
    const x = (lng: number) => map.project([northWest.lat, lng], coords.z).x - origin.x;
    const y = (lat: number) => map.project([lat, northWest.lng], coords.z).y - origin.y;
    for (let lng = Math.ceil(northWest.lng / step) * step; lng <= southEast.lng; lng += step) {
      const px = Math.round(x(lng)) + 0.5;
      context.beginPath();
      context.moveTo(px, 0);
      context.lineTo(px, 256);
      context.stroke();
      // Labels on every other tile row/column only: enough to read the grid without clutter.
      if (coords.y % 2 === 0) context.fillText(`${Number(lng.toFixed(2))}°`, px + 3, 12);
    }
    for (let lat = Math.ceil(southEast.lat / step) * step; lat <= northWest.lat; lat += step) {
      const py = Math.round(y(lat)) + 0.5;
      context.beginPath();
      context.moveTo(0, py);
      context.lineTo(256, py);
      context.stroke();
      if (coords.x % 2 === 0) context.fillText(`${Number(lat.toFixed(2))}°`, 3, py - 3);
    }
    return tile;
  },
}) as unknown as new (
  options: L.GridLayerOptions,
) => L.GridLayer;

/** A Leaflet map on `element`: the configured tiles, or the plain grid when there are none. */
export const createBaseMap = (element: HTMLElement, tileUrl: string | null, options: L.MapOptions = {}): L.Map => {
  const map = L.map(element, {
    minZoom: 1,
    maxZoom: 18,
    worldCopyJump: true,
    attributionControl: tileUrl !== null,
    ...options,
  });
  element.classList.toggle("project-map-plain", tileUrl === null);
  if (tileUrl) L.tileLayer(tileUrl, { maxZoom: 19 }).addTo(map);
  else new Graticule({ tileSize: 256 }).addTo(map);
  return map;
};
