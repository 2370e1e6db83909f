import L from "leaflet";
import {
  clipRing,
  gridStep,
  outlineResolutionFor,
  type TileFrame,
  tileFrameOf,
  touchesTile,
  tracePath,
  traceRing,
  type WorldOutlines,
  worldX,
  worldY,
} from "../utils/world-outlines.ts";
import { loadWorldOutlines } from "./world-outline-loader.ts";

/** The map's colours without a tile server; `sea` is also the container's background (project-maps.css). */
export const GEOGRAPHY_COLOURS = {
  sea: "#d4e6ee",
  grid: "rgba(255, 255, 255, 0.65)",
  land: "#f7f6f1",
  coast: "#8fb0bd",
  border: "#a99c89",
} as const;

const TILE_SIZE = 256;

const drawGrid = (context: CanvasRenderingContext2D, frame: TileFrame, zoom: number) => {
  const step = gridStep(zoom);
  if (step === null) return;
  context.beginPath();
  for (let lng = -180; lng <= 180; lng += step) {
    const x = Math.round(worldX(lng) * frame.scale - frame.left) + 0.5;
    if (x < 0 || x > frame.size) continue;
    context.moveTo(x, 0);
    context.lineTo(x, frame.size);
  }
  for (let lat = Math.ceil(-80 / step) * step; lat <= 80; lat += step) {
    const y = Math.round(worldY(lat) * frame.scale - frame.top) + 0.5;
    if (y < 0 || y > frame.size) continue;
    context.moveTo(0, y);
    context.lineTo(frame.size, y);
  }
  context.strokeStyle = GEOGRAPHY_COLOURS.grid;
  context.lineWidth = 1;
  context.stroke();
};

const strokeLines = (
  context: CanvasRenderingContext2D,
  lines: WorldOutlines["coasts"],
  frame: TileFrame,
  colour: string,
  width: number,
) => {
  context.beginPath();
  for (const line of lines) if (touchesTile(line, frame)) tracePath(context, line.points, frame, false);
  context.strokeStyle = colour;
  context.lineWidth = width;
  context.stroke();
};

/**
 * One tile: sea, a faint grid on it, land (one even-odd path, holes for lakes and inland seas),
 * then coastlines and borders, a little wider as the view comes closer.
 */
const drawTile = (context: CanvasRenderingContext2D, outlines: WorldOutlines, frame: TileFrame, zoom: number) => {
  context.fillStyle = GEOGRAPHY_COLOURS.sea;
  context.fillRect(0, 0, frame.size, frame.size);
  drawGrid(context, frame, zoom);

  context.beginPath();
  for (const polygon of outlines.land) {
    if (!touchesTile(polygon, frame)) continue;
    for (const ring of polygon.rings) traceRing(context, clipRing(ring, frame));
  }
  context.fillStyle = GEOGRAPHY_COLOURS.land;
  context.fill("evenodd");

  context.lineJoin = "round";
  strokeLines(context, outlines.coasts, frame, GEOGRAPHY_COLOURS.coast, zoom <= 3 ? 0.8 : 1.1);
  strokeLines(context, outlines.borders, frame, GEOGRAPHY_COLOURS.border, zoom <= 3 ? 0.7 : 1);
};

interface GeographyLayerInternals {
  _map?: L.Map | null;
}

/**
 * The world without a tile server, drawn in the browser from the bundled outlines: a canvas per
 * 256 px tile, as a tile server's images would be. Tiles are drawn once and kept by Leaflet while
 * the map pans, so panning over thousands of markers costs no more than with image tiles; the
 * outlines a zoom level needs are fetched the first time a tile wants them (world-outline-loader).
 * While the finer outlines load, Leaflet keeps showing the coarser tiles of the level before.
 * Each drawn tile names its outlines on the map's element (`data-geography`), for tests and
 * anyone inspecting the page.
 */
const GeographyLayer = L.GridLayer.extend({
  createTile(this: L.GridLayer & GeographyLayerInternals, coords: L.Coords, done: L.DoneCallback): HTMLElement {
    const tile = document.createElement("canvas");
    const ratio = Math.min(window.devicePixelRatio || 1, 3);
    tile.width = TILE_SIZE * ratio;
    tile.height = TILE_SIZE * ratio;
    const resolution = outlineResolutionFor(coords.z);
    loadWorldOutlines(resolution).then(
      (outlines) => {
        // Opaque (the sea covers every pixel): cheaper to composite while the map pans.
        const context = tile.getContext("2d", { alpha: false });
        if (context) {
          context.scale(ratio, ratio);
          drawTile(context, outlines, tileFrameOf(coords.x, coords.y, coords.z, TILE_SIZE), coords.z);
        }
        const container = this._map?.getContainer();
        if (container) container.dataset.geography = resolution;
        done(undefined, tile);
      },
      (error: unknown) => done(error instanceof Error ? error : new Error(String(error)), tile),
    );
    return tile;
  },
}) as unknown as new (
  options: L.GridLayerOptions,
) => L.GridLayer;

export const createGeographyLayer = (): L.GridLayer =>
  new GeographyLayer({
    tileSize: TILE_SIZE,
    // Tiles for the level a zoom ends on, not for every step of its animation.
    updateWhenZooming: false,
    className: "project-map-geography",
  });
