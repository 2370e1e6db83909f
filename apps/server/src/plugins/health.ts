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
 * warnings, since probes call them every few seconds.
 */
export function registerHealth(
  app: FastifyInstance,
  options: {
    db: Db;
    readyTimeoutMs?: number;
    /** The device link's traffic counts, for monitoring (and to see which instance took what). */
    deviceLink?: () => Record<string, unknown> | null;
  },
): void {
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
  app.get("/healthz", probe, async () => {
    const deviceLink = options.deviceLink?.() ?? null;
    return okEnvelope({ status: "ok", ...(deviceLink ? { deviceLink } : {}) });
  });
  app.get("/readyz", probe, async (_request, reply) => {
    if (!(await databaseAnswers(options.db, options.readyTimeoutMs ?? READY_TIMEOUT_MS))) {
      return sendError(reply, Errors.databaseUnavailable);
    }
    return okEnvelope({ status: "ready" });
  });
}
