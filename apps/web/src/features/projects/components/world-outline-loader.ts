// The outlines are files of the build (hashed, precompressed, cached for a year), fetched by the
// pages that draw a map and only at the zoom levels that need them: no script of the sign-in page
// or the dashboard carries them.

import fineOutlinesUrl from "world-atlas/countries-50m.json?url";
import coarseOutlinesUrl from "world-atlas/countries-110m.json?url";
import { buildWorldOutlines, type OutlineResolution, type WorldOutlines } from "../utils/world-outlines.ts";
import type { OutlineAnswer, OutlineRequest } from "./world-outline-worker.ts";

const URLS: Record<OutlineResolution, string> = { "110m": coarseOutlinesUrl, "50m": fineOutlinesUrl };

const loading = new Map<OutlineResolution, Promise<WorldOutlines>>();

/** On the page itself: where a worker cannot be started. */
const prepareHere = async ({ resolution, url }: OutlineRequest): Promise<WorldOutlines> => {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`world outlines ${resolution}: HTTP ${response.status}`);
  return buildWorldOutlines(await response.json(), resolution);
};

/** In a worker of its own, so the page does not stall while the finer outlines are prepared. */
const prepareInWorker = (request: OutlineRequest): Promise<WorldOutlines> =>
  new Promise((resolve, reject) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL("./world-outline-worker.ts", import.meta.url), { type: "module" });
    } catch {
      prepareHere(request).then(resolve, reject);
      return;
    }
    worker.onmessage = (event: MessageEvent<OutlineAnswer>) => {
      worker.terminate();
      if ("outlines" in event.data) resolve(event.data.outlines);
      else reject(new Error(event.data.error));
    };
    // A worker that cannot run at all (blocked, unsupported): the page does the work.
    worker.onerror = (event) => {
      event.preventDefault();
      worker.terminate();
      prepareHere(request).then(resolve, reject);
    };
    worker.postMessage(request);
  });

/**
 * The outlines of one resolution, fetched and prepared once per page load. A failed fetch is
 * forgotten, so the next tile that needs them tries again (a connection back after a drop).
 */
export const loadWorldOutlines = (resolution: OutlineResolution): Promise<WorldOutlines> => {
  const pending = loading.get(resolution);
  if (pending) return pending;
  const url = new URL(URLS[resolution], document.baseURI).href;
  const started = prepareInWorker({ resolution, url }).catch((error: unknown) => {
    loading.delete(resolution);
    throw error;
  });
  loading.set(resolution, started);
  return started;
};
