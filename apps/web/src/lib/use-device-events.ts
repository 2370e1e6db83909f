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
 * the page shows (another device's). Only mounted queries refetch; others are marked stale.
 */
export const useDeviceEvents = (map: LiveKeyMap, options: { match?: (event: DeviceEvent) => boolean } = {}): void => {
  const client = useQueryClient();
  const latest = useRef({ map, match: options.match });
  latest.current = { map, match: options.match };

  useDeviceEventListener((event) => {
    const coalescer = coalescerOf(client);
    for (const key of keysForEvent(latest.current.map, event, latest.current.match)) coalescer.request(key);
  });

  useEffect(
    () =>
      subscribeLiveReconnect(() => {
        const coalescer = coalescerOf(client);
        for (const key of allKeys(latest.current.map)) coalescer.request(key);
      }),
    [client],
  );
};
