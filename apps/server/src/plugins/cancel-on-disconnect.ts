import type { FastifyInstance, FastifyRequest } from "fastify";
import { abandon, newRequestQueries, runForRequest } from "../db/query-context.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * The route only reads: when its client goes away before the answer, its statements are
     * cancelled. GET routes are read-only without saying so; a POST list or export says it here.
     */
    readOnly?: boolean;
  }
}

/** The request only reads: a GET or HEAD, or a route that says so (a POST list or export). */
export const isReadOnlyRequest = (request: FastifyRequest): boolean =>
  request.method === "GET" || request.method === "HEAD" || request.routeOptions.config.readOnly === true;

/**
 * Nobody waits for the answer of a request whose client has gone, so a route that only reads
 * stops its statements then instead of holding a pooled connection until they end (minutes for a
 * wide export). A route that writes is left to finish: stopping it between two statements could
 * keep a password change without its sign-outs, or an action without its security-log row.
 *
 * Each request's database work is tracked in an AsyncLocalStorage context (db/query-context.ts)
 * that the pool consults; with PGlite (one in-process connection) nothing is cancelled.
 */
export function registerCancelOnDisconnect(app: FastifyInstance): void {
  app.addHook("onRequest", (request, reply, done) => {
    const queries = newRequestQueries();
    if (isReadOnlyRequest(request)) {
      // 'close' also follows a complete answer; only an answer not yet ended means the client left.
      reply.raw.once("close", () => {
        if (!reply.raw.writableEnded) abandon(queries);
      });
    }
    // Everything after this hook runs inside the context, the body parser included (Fastify carries
    // the async context across it), so the session lookup and the handler are this request's work.
    runForRequest(queries, done);
  });
}
