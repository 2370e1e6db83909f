import fastifyStatic from "@fastify/static";
import { Errors } from "@vrf/contract/errors.ts";
import type { FastifyInstance } from "fastify";
import { sendError } from "./error-envelope.ts";

const API_PREFIXES = ["/account/", "/hmt-web/", "/server/", "/docs"];

/** Serves the built web app; the app routes by hash, so any other page a browser asks for gets index.html. */
export async function registerStaticWeb(app: FastifyInstance, root: string) {
  await app.register(fastifyStatic, { root, prefix: "/", wildcard: true, index: ["index.html"] });
  app.setNotFoundHandler((request, reply) => {
    const isApi = API_PREFIXES.some((p) => request.url.startsWith(p));
    if (!isApi && request.method === "GET" && (request.headers.accept ?? "").includes("text/html")) {
      return reply.sendFile("index.html");
    }
    return sendError(reply, Errors.routeNotFound);
  });
}
