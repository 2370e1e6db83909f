/**
 * A token bucket per device: a device may send `burst` messages at once and `perSecond` on
 * average. Past that its messages are dropped until the bucket refills, so one broken device
 * cannot take the ingest from the rest.
 */
export const createFloodGuard = (options: { perSecond: number; burst: number; now?: () => number }) => {
  const now = options.now ?? Date.now;
  const buckets = new Map<string, { tokens: number; at: number }>();
  return {
    allow(device: string): boolean {
      const at = now();
      const bucket = buckets.get(device) ?? { tokens: options.burst, at };
      bucket.tokens = Math.min(options.burst, bucket.tokens + ((at - bucket.at) / 1000) * options.perSecond);
      bucket.at = at;
      buckets.set(device, bucket);
      if (bucket.tokens < 1) return false;
      bucket.tokens -= 1;
      return true;
    },
  };
};
