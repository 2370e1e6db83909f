import type { Readable } from "node:stream";
import type { Endpoint } from "@vrf/contract/endpoint.ts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import { asReport } from "../db/query-context.ts";
import { clientOf } from "../modules/security-events/client.ts";
import type { SecurityEventService } from "../modules/security-events/security-events.service.ts";
import type { SessionService } from "../modules/session/session.service.ts";
import { type Access, authorise, languageOf, type RouteContext } from "./endpoint-route.ts";

export interface Download {
  filename: string;
  contentType: string;
  /**
   * A file made in memory, a stream made as it is sent (a task's data report), or one streamed
   * from disk (a software package) with its `length`.
   */
  body: Buffer | Readable;
  length?: number;
  /** Set by exports of records (not by templates): what left the portal, and how many rows. */
  exported?: { what: string; rows: number };
}

declare module "fastify" {
  interface FastifyInstance {
    /** Decorated by `buildApp`, so every export is logged from this one place. */
    securityEvents: Pick<SecurityEventService, "record">;
  }
}

export const XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/**
 * Registers a contract endpoint that answers with a file instead of the JSON
 * envelope (SPEC section 8: binary responses pass through). Input validation
 * and the access rule are the same as `addRoute`; errors still use the envelope.
 * An export is written to the security log before the file is sent; when that
 * write fails the export fails too, so no records leave unlogged.
 * Making the file is report work: its statements run on the report pool (db/query-context.ts).
 * A download only reads, so it is cancelled when its client goes away before the file is sent.
 */
export function addDownloadRoute<E extends Endpoint, A extends Access>(
  app: FastifyInstance,
  sessions: SessionService,
  endpoint: E,
  access: A,
  handler: (input: z.output<E["request"]>, ctx: RouteContext<A>) => Promise<Download>,
) {
  const input = endpoint.method === "GET" ? { querystring: endpoint.request } : { body: endpoint.request };
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: endpoint.path,
    schema: input,
    config: { readOnly: true },
    preValidation: async (request) => {
      request.caller = await authorise(sessions, access, request);
    },
    handler: async (request, reply) => {
      const values = (endpoint.method === "GET" ? request.query : request.body) as z.output<E["request"]>;
      const file = await asReport(() =>
        handler(values, {
          request,
          reply,
          caller: request.caller as RouteContext<A>["caller"],
          language: languageOf(request),
        }),
      );
      const caller = request.caller;
      if (file.exported && caller) {
        await request.server.securityEvents.record({
          organisationId: caller.organisationId,
          accountId: caller.accountId,
          email: caller.email,
          type: "export",
          ...clientOf(request),
          detail: { what: file.exported.what, rows: file.exported.rows },
        });
      }
      if (file.length !== undefined) reply.header("content-length", file.length);
      return reply
        .header("content-type", file.contentType)
        .header("content-disposition", `attachment; filename*=UTF-8''${encodeURIComponent(file.filename)}`)
        .header("cache-control", "no-store")
        .send(file.body);
    },
  });
}
