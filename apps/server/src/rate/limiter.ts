import type { Redis } from "ioredis";

export interface LimitResult {
  allowed: boolean;
  /** 0 when allowed; otherwise whole seconds until the window ends (at least 1). */
  retryAfterSeconds: number;
}

/**
 * Counts hits on a key in a fixed window: the first hit opens a window of `windowMs`, and
 * every hit in it counts, refused ones included, so hammering does not earn a fresh budget.
 * Keys name what is limited ("repair-intake:serial:abc123"), not only who asks.
 */
export interface Limiter {
  hit(key: string, max: number, windowMs: number): Promise<LimitResult>;
}

const resultOf = (count: number, max: number, remainingMs: number): LimitResult =>
  count <= max
    ? { allowed: true, retryAfterSeconds: 0 }
    : { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(remainingMs / 1000)) };

/** Keys one process keeps at most; beyond it the oldest windows are dropped first. */
export const MEMORY_LIMITER_MAX_KEYS = 10_000;

/**
 * Counters in this process only: right for a single instance, and the fallback while Redis
 * is unreachable. Bounded so a flood of distinct keys cannot grow memory without end; when
 * full, expired windows go first, then the oldest ones (a dropped key starts afresh, which
 * only errs towards letting requests through).
 */
export const createMemoryLimiter = (now: () => number, maxKeys = MEMORY_LIMITER_MAX_KEYS): Limiter => {
  const windows = new Map<string, { count: number; endsAt: number }>();

  const makeRoom = (at: number) => {
    for (const [key, w] of windows) if (w.endsAt <= at) windows.delete(key);
    // A tenth at a time, so a flood of new keys does not pay a full sweep on every hit.
    const keep = Math.floor(maxKeys * 0.9);
    for (const key of windows.keys()) {
      if (windows.size <= keep) break;
      windows.delete(key);
    }
  };

  return {
    async hit(key, max, windowMs) {
      const at = now();
      let window = windows.get(key);
      if (!window || window.endsAt <= at) {
        // Re-inserted so Map order stays oldest-opened-first for makeRoom.
        windows.delete(key);
        if (windows.size >= maxKeys) makeRoom(at);
        window = { count: 0, endsAt: at + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return resultOf(window.count, max, window.endsAt - at);
    },
  };
};

// INCR and the expiry in one step, so no instance ever sees a counter without a window
// (a crash between two separate calls would leave a key that never expires).
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if count == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

type RedisWithHit = Redis & { vrfLimiterHit(key: string, windowMs: number): Promise<[number, number]> };

/**
 * Counters in Redis, shared by every instance that uses the same server and prefix.
 * When Redis fails (down, or slower than the client's command timeout) the hit is counted
 * by `fallback` instead: limits keep holding per process rather than failing the request
 * or switching off.
 */
export const createRedisLimiter = (deps: {
  redis: Redis;
  keyPrefix: string;
  fallback: Limiter;
  onError?: (error: unknown) => void;
}): Limiter => {
  const redis = deps.redis as RedisWithHit;
  if (typeof redis.vrfLimiterHit !== "function")
    redis.defineCommand("vrfLimiterHit", { numberOfKeys: 1, lua: HIT_SCRIPT });
  return {
    async hit(key, max, windowMs) {
      try {
        const [count, ttl] = await redis.vrfLimiterHit(`${deps.keyPrefix}hit:${key}`, windowMs);
        return resultOf(Number(count), max, Number(ttl));
      } catch (error) {
        deps.onError?.(error);
        return deps.fallback.hit(key, max, windowMs);
      }
    },
  };
};
