import type { DeviceDirectoryRepository, DeviceRef } from "./device-directory.repository.ts";

/**
 * Serial number → device, cached for a minute at most. A device's owner rarely changes, and
 * traffic from unknown ids (a flood from a misconfigured fleet) must not become a query per
 * message: misses are cached too.
 *
 * An entry lives between half the time and all of it, at random: a fleet first seen together (a
 * restart of the portal) would otherwise expire together, and every batch of that second would
 * look all its devices up again.
 */
export const createDeviceDirectory = (options: {
  repository: DeviceDirectoryRepository;
  ttlMs?: number;
  now?: () => number;
}) => {
  const ttlMs = options.ttlMs ?? 60_000;
  const now = options.now ?? Date.now;
  const cache = new Map<string, { ref: DeviceRef | null; until: number }>();

  return {
    /** The devices among `serials` (any case) that exist, keyed by lower-case serial. */
    async resolve(serials: Iterable<string>): Promise<Map<string, DeviceRef>> {
      const found = new Map<string, DeviceRef>();
      const missing: string[] = [];
      const at = now();
      for (const serial of new Set([...serials].map((s) => s.toLowerCase()))) {
        const hit = cache.get(serial);
        if (hit && hit.until > at) {
          if (hit.ref) found.set(serial, hit.ref);
        } else missing.push(serial);
      }
      if (missing.length > 0) {
        const refs = await options.repository.findBySerials(missing);
        const byKey = new Map(refs.map((r) => [r.serialNumber.toLowerCase(), r]));
        for (const serial of missing) {
          const ref = byKey.get(serial) ?? null;
          cache.set(serial, { ref, until: at + ttlMs * (1 - Math.random() / 2) });
          if (ref) found.set(serial, ref);
        }
      }
      // Bounded: stale entries go when the cache grows past what a large fleet needs.
      if (cache.size > 500_000) for (const [key, entry] of cache) if (entry.until <= at) cache.delete(key);
      return found;
    },

    /** Forget a device at once (moved, deleted, re-registered). */
    forget(serial: string) {
      cache.delete(serial.toLowerCase());
    },
  };
};

export type DeviceDirectory = ReturnType<typeof createDeviceDirectory>;
