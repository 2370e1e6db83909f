import type { TLiveMessage } from "@vrf/contract/live.ts";
import { z } from "zod";

/**
 * Device events on the live socket (decision 0004): what changed on which device, never readings.
 * Pages refetch what they show through the API. The server sends them as
 * `{ type: "device", payload }`, and a timed-out command as `{ type: "commandTimeout", wifiId, payload }`.
 * A checker's task sends one on every change of its state and when a running task's frame or
 * report counts move.
 */
const ids = { organisationId: z.number(), deviceId: z.number() };

const ZDeviceEvent = z.discriminatedUnion("type", [
  z.object({ type: z.literal("deviceState"), ...ids, status: z.string() }),
  z.object({ type: z.literal("units"), ...ids, systems: z.array(z.number()) }),
  z.object({ type: z.literal("faults"), ...ids, projectId: z.number().nullable() }),
  z.object({ type: z.literal("progress"), ...ids, step: z.number() }),
  z.object({ type: z.literal("command"), ...ids, commandId: z.string(), status: z.string(), customerId: z.string() }),
  z.object({ type: z.literal("task"), ...ids, taskId: z.string(), status: z.string() }),
  /** A checker's firmware update moved (`state`: its target's); the rollout's own state may have too. */
  z.object({ type: z.literal("rollout"), ...ids, rolloutId: z.string(), state: z.string() }),
]);
export type DeviceEvent = z.output<typeof ZDeviceEvent>;
export type DeviceEventType = DeviceEvent["type"];

/** The device event a live message carries, or null for any other message (heartbeat replies, toasts). */
export const parseDeviceEvent = (message: TLiveMessage): DeviceEvent | null => {
  if (message.type !== "device" && message.type !== "commandTimeout") return null;
  const parsed = ZDeviceEvent.safeParse(message.payload);
  if (!parsed.success) return null;
  // A timeout message is the command's last word, whatever its payload says.
  if (message.type === "commandTimeout" && parsed.data.type === "command") {
    return { ...parsed.data, status: "timed_out" };
  }
  return parsed.data;
};

/** A TanStack Query key or key prefix. */
export type LiveQueryKey = readonly unknown[];

/** Which query keys (prefixes) to refresh for which kind of event. */
export type LiveKeyMap = Partial<Record<DeviceEventType, readonly LiveQueryKey[]>>;

/** The keys an event refreshes under `map`; none when `match` turns it down. */
export const keysForEvent = (
  map: LiveKeyMap,
  event: DeviceEvent,
  match?: (event: DeviceEvent) => boolean,
): readonly LiveQueryKey[] => {
  const keys = map[event.type];
  if (!keys || keys.length === 0) return [];
  if (match && !match(event)) return [];
  return keys;
};

/** Every key of a map, each once: what to refresh after the socket reconnects (events may have been missed). */
export const allKeys = (map: LiveKeyMap): LiveQueryKey[] => {
  const seen = new Map<string, LiveQueryKey>();
  for (const keys of Object.values(map)) for (const key of keys ?? []) seen.set(JSON.stringify(key), key);
  return [...seen.values()];
};

export interface CoalescerTimers {
  set: (run: () => void, ms: number) => unknown;
  clear: (timer: unknown) => void;
}

const realTimers: CoalescerTimers = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
};

/**
 * Runs `run(key)` at most once per `windowMs` per key: the first request at once, and the
 * requests that arrive within the window as one more run when it ends. A fleet reporting every
 * few seconds thus refreshes a page about once a second at most, and never misses the last change.
 */
export const createCoalescer = <K>(options: {
  windowMs: number;
  run: (key: K) => void;
  hash?: (key: K) => string;
  timers?: CoalescerTimers;
}) => {
  const hash = options.hash ?? ((key: K) => JSON.stringify(key));
  const timers = options.timers ?? realTimers;
  const entries = new Map<string, { key: K; pending: boolean; timer: unknown }>();

  const endWindow = (id: string) => {
    const entry = entries.get(id);
    if (!entry) return;
    if (!entry.pending) {
      entries.delete(id);
      return;
    }
    entry.pending = false;
    options.run(entry.key);
    entry.timer = timers.set(() => endWindow(id), options.windowMs);
  };

  return {
    request(key: K): void {
      const id = hash(key);
      const entry = entries.get(id);
      if (entry) {
        entry.pending = true;
        return;
      }
      options.run(key);
      entries.set(id, { key, pending: false, timer: timers.set(() => endWindow(id), options.windowMs) });
    },
    /** Drops what waits (the page is gone). */
    dispose(): void {
      for (const entry of entries.values()) timers.clear(entry.timer);
      entries.clear();
    },
  };
};

/** Refreshes of one key at most this often. */
export const LIVE_REFRESH_WINDOW_MS = 1_000;
