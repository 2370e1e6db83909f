import { createHash, timingSafeEqual } from "node:crypto";
import { okEnvelope } from "@vrf/contract/envelope.ts";
import { Errors } from "@vrf/contract/errors.ts";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import type { Db } from "../db/open.ts";
import { sendError } from "./error-envelope.ts";

/** A probe must answer well within a load balancer's probe timeout, even while connecting hangs. */
export const READY_TIMEOUT_MS = 2_000;

const draining = new WeakSet<FastifyInstance>();

/**
 * From now on every request is answered 503 with `Connection: close`, and answers to requests
 * already in progress close their connection too: clients move to another instance instead of
 * reusing a connection that is about to go away.
 */
export const beginDraining = (app: FastifyInstance): void => {
  draining.add(app);
};

const databaseAnswers = async (db: Db, timeoutMs: number): Promise<boolean> => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const query = sql`select 1`.execute(db).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
};

/**
 * GET /healthz: the process is alive (no database). GET /readyz: this instance can serve (the
 * database answers and it is not shutting down). Both are exempt from the rate limit and log only
 * warnings, since probes call them every few seconds. Anyone may call them, so they say only up or
 * down: the device traffic counts are behind METRICS_TOKEN (registerDeviceLinkStats).
 */
export function registerHealth(app: FastifyInstance, options: { db: Db; readyTimeoutMs?: number }): void {
  const root = app;
  // An instance-level hook runs before route hooks (rate limit, session lookup), so a draining
  // instance touches nothing else for a request it refuses.
  app.addHook("onRequest", async (_request, reply) => {
    if (!draining.has(root)) return;
    reply.header("connection", "close");
    return sendError(reply, Errors.shuttingDown);
  });
  app.addHook("onSend", async (_request, reply) => {
    if (draining.has(root)) reply.header("connection", "close");
  });

  const probe = { logLevel: "warn", config: { rateLimit: false } } as const;
  app.get("/healthz", probe, async () => okEnvelope({ status: "ok" }));
  app.get("/readyz", probe, async (_request, reply) => {
    if (!(await databaseAnswers(options.db, options.readyTimeoutMs ?? READY_TIMEOUT_MS))) {
      return sendError(reply, Errors.databaseUnavailable);
    }
    return okEnvelope({ status: "ready" });
  });
}

export const DEVICE_LINK_STATS_PATH = "/metrics/device-link";

/** Digests of equal length, so the comparison takes the same time whatever the token's length. */
const digest = (text: string): Buffer => createHash("sha256").update(text).digest();

/**
 * GET /metrics/device-link: this instance's device traffic (connected, received, written, dropped
 * by reason; data null without a device link), for operators and for tests that spawn the server.
 * Registered only with METRICS_TOKEN, so without it the path is as unknown as any other; with it,
 * a request must bring `Authorization: Bearer <token>`. Exempt from the per-address rate limit like
 * the probes, since monitoring polls it: the token's length, not a request count, keeps guessing out.
 */
export function registerDeviceLinkStats(
  app: FastifyInstance,
  options: { token: string; stats: () => Record<string, unknown> | null },
): void {
  const expected = digest(`Bearer ${options.token}`);
  app.get(DEVICE_LINK_STATS_PATH, { logLevel: "warn", config: { rateLimit: false } }, async (request, reply) => {
    if (!timingSafeEqual(digest(request.headers.authorization ?? ""), expected)) {
      reply.header("www-authenticate", "Bearer");
      return sendError(reply, Errors.tokenUnauthorized);
    }
    return okEnvelope(options.stats());
  });
}
