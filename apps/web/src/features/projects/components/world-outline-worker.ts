import { buildWorldOutlines, type OutlineResolution, type WorldOutlines } from "../utils/world-outlines.ts";

/** What the loader asks: the outlines of one resolution, from the build's file at `url`. */
export interface OutlineRequest {
  resolution: OutlineResolution;
  url: string;
}
export type OutlineAnswer = { outlines: WorldOutlines } | { error: string };

/** Every array of the answer, handed over to the page instead of copied. */
const buffersOf = (outlines: WorldOutlines): ArrayBuffer[] => [
  ...outlines.land.flatMap((polygon) => polygon.rings.map((ring) => ring.buffer as ArrayBuffer)),
  ...outlines.coasts.map((line) => line.points.buffer as ArrayBuffer),
  ...outlines.borders.map((line) => line.points.buffer as ArrayBuffer),
];

// Fetching, parsing and projecting the 1:50m outlines takes a tenth of a second or more: done
// here, the page keeps drawing frames while the map zooms in.
self.onmessage = async (event: MessageEvent<OutlineRequest>) => {
  const { resolution, url } = event.data;
  let answer: OutlineAnswer;
  let transfer: ArrayBuffer[] = [];
  try {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`world outlines ${resolution}: HTTP ${response.status}`);
    const outlines = buildWorldOutlines(await response.json(), resolution);
    answer = { outlines };
    transfer = buffersOf(outlines);
  } catch (error) {
    answer = { error: error instanceof Error ? error.message : String(error) };
  }
  self.postMessage(answer, { transfer });
};
