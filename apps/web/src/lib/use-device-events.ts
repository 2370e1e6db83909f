import { hashKey, type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import {
  allKeys,
  createCoalescer,
  type DeviceEvent,
  keysForEvent,
  LIVE_REFRESH_WINDOW_MS,
  type LiveKeyMap,
  type LiveQueryKey,
  parseDeviceEvent,
} from "./device-events.ts";
import { subscribeLive, subscribeLiveReconnect } from "./live-socket.ts";

type Coalescer = ReturnType<typeof createCoalescer<LiveQueryKey>>;

// One per query client, shared by every component: two parts of a page refreshing the same key
// still refresh it at most once per window.
const coalescers = new WeakMap<QueryClient, Coalescer>();

const coalescerOf = (client: QueryClient): Coalescer => {
  let coalescer = coalescers.get(client);
  if (!coalescer) {
    coalescer = createCoalescer<LiveQueryKey>({
      windowMs: LIVE_REFRESH_WINDOW_MS,
      hash: hashKey,
      run: (queryKey) => void client.invalidateQueries({ queryKey }),
    });
    coalescers.set(client, coalescer);
  }
  return coalescer;
};

// Device events (and reconnects) since the app started. A page kept hidden in its tab hears none
// (its effects are cleaned up), and catches up once when shown again if any arrived meanwhile.
let liveChanges = 0;
subscribeLive((message) => {
  if (parseDeviceEvent(message)) liveChanges += 1;
});
subscribeLiveReconnect(() => {
  liveChanges += 1;
});

/** Calls `listener` with every device event the live socket delivers while the component is mounted. */
export const useDeviceEventListener = (listener: (event: DeviceEvent) => void): void => {
  const current = useRef(listener);
  current.current = listener;
  useEffect(
    () =>
      subscribeLive((message) => {
        const event = parseDeviceEvent(message);
        if (event) current.current(event);
      }),
    [],
  );
};

/**
 * Keeps a page live: each device event refreshes the query keys (prefixes) `map` names for its
 * type, at most once a second per key, and every key is refreshed when the socket reconnects
 * (events may have been missed meanwhile). `match` can turn down events that cannot change what
 * the page shows (another device's). Only mounted queries refetch; others are marked stale. A
 * page kept hidden in its tab listens to nothing and refreshes once when shown, if it missed events.
 */
export const useDeviceEvents = (map: LiveKeyMap, options: { match?: (event: DeviceEvent) => boolean } = {}): void => {
  const client = useQueryClient();
  const latest = useRef({ map, match: options.match });
  latest.current = { map, match: options.match };

  useDeviceEventListener((event) => {
    const coalescer = coalescerOf(client);
    for (const key of keysForEvent(latest.current.map, event, latest.current.match)) coalescer.request(key);
  });

  // Set when the page is hidden (tab caching keeps it mounted; its effects are cleaned up).
  const hiddenAt = useRef<number | null>(null);
  useEffect(() => {
    const refreshAll = () => {
      const coalescer = coalescerOf(client);
      for (const key of allKeys(latest.current.map)) coalescer.request(key);
    };
    // Shown again after events it could not hear: one refresh, not one per missed event.
    if (hiddenAt.current !== null && liveChanges > hiddenAt.current) refreshAll();
    hiddenAt.current = null;
    const stop = subscribeLiveReconnect(refreshAll);
    return () => {
      stop();
      hiddenAt.current = liveChanges;
    };
  }, [client]);
};
