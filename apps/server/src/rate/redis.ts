import type { FastifyBaseLogger } from "fastify";
import { Redis } from "ioredis";

/** Key prefix of every rate-limit counter; tests give each run its own. */
export const DEFAULT_RATE_LIMIT_PREFIX = "vrf:rl:";

/** How long a counter update may take before the request goes ahead without it. */
const COMMAND_TIMEOUT_MS = 500;

/**
 * A Redis client for rate-limit counters. Commands fail at once while the server is
 * unreachable (no offline queue) and time out quickly when it is slow, because callers
 * then carry on without the shared counter; a request never waits on Redis for long.
 * The client keeps reconnecting in the background. Resolves once the first connection
 * attempt has succeeded or failed, so the app does not start with every counter missing
 * merely because the socket was still opening.
 */
export const openRateLimitRedis = async (url: string, log: FastifyBaseLogger): Promise<Redis> => {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: 2_000,
    maxRetriesPerRequest: 1,
    retryStrategy: (attempt) => Math.min(attempt * 200, 5_000),
    lazyConnect: true,
  });
  // One line per outage, not one per reconnection attempt.
  let down = false;
  redis.on("error", (error: Error) => {
    if (down) return;
    down = true;
    log.warn({ err: error }, "redis unreachable: rate limits run without the shared counters until it is back");
  });
  redis.on("ready", () => {
    if (!down) return;
    down = false;
    log.info("redis reachable again: rate-limit counters are shared");
  });
  await redis.connect().catch(() => undefined);
  return redis;
};

/** Quits politely when connected; otherwise just stops reconnecting. */
export const closeRateLimitRedis = async (redis: Redis) => {
  if (redis.status === "ready") {
    await redis.quit().catch(() => redis.disconnect());
  } else {
    redis.disconnect();
  }
};
