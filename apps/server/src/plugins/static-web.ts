import { basename, dirname } from "node:path";
import fastifyStatic from "@fastify/static";
import { Errors } from "@vrf/contract/errors.ts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { sendError } from "./error-envelope.ts";

const API_PREFIXES = ["/account/", "/hmt-web/", "/server/", "/docs"];

/** The route @fastify/static answers every file request on (its `wildcard` route). */
const STATIC_ROUTE = "/*";

/** Vite puts every bundled file under assets/ with a content hash in its name. */
const HASHED_ASSET = /-[A-Za-z0-9_-]{8}\.[a-z0-9]+$/;

export const IMMUTABLE = "public, max-age=31536000, immutable";
/** Cached, but revalidated (ETag → 304) on every use, so a new release shows at once. */
export const REVALIDATE = "no-cache";

const isApiPath = (url: string) => API_PREFIXES.some((p) => url.startsWith(p));

/**
 * A request for the web app itself (a file of the build, the app shell, or a page that falls back
 * to it), not for the API. The per-address rate limit lets these through uncounted: one office
 * behind one address loads the same few dozen files on every visit, and answering them costs a
 * file read (or a 304), so counting them would only lock people out of the portal.
 */
export const isWebAppRequest = (request: FastifyRequest): boolean =>
  (request.method === "GET" || request.method === "HEAD") &&
  request.routeOptions.url === STATIC_ROUTE &&
  !isApiPath(request.url);

/**
 * Hashed files under assets/ never change under their name, so browsers keep them for a year
 * without asking; everything else (index.html above all, which names the current hashes) is
 * revalidated each time.
 */
const setCacheHeaders = (reply: FastifyReply, path: string) => {
  // `path` is the file actually sent: `x.js.br` for a precompressed answer.
  const file = basename(path).replace(/\.(br|gz)$/, "");
  const hashed = basename(dirname(path)) === "assets" && HASHED_ASSET.test(file);
  reply.header("cache-control", hashed ? IMMUTABLE : REVALIDATE);
};

/**
 * Serves the built web app; the app routes by hash, so any other page a browser asks for gets
 * index.html. The build writes `.br` and `.gz` next to each compressible file
 * (apps/web/build/precompress.ts), and the one the client accepts is sent as is, with
 * `Vary: Accept-Encoding`, so nothing is compressed per request.
 */
export async function registerStaticWeb(app: FastifyInstance, root: string) {
  await app.register(fastifyStatic, {
    root,
    prefix: "/",
    wildcard: true,
    index: ["index.html"],
    preCompressed: true,
    // Our own Cache-Control below, instead of send's `public, max-age=0`.
    cacheControl: false,
    setHeaders: setCacheHeaders,
  });
  app.setNotFoundHandler((request, reply) => {
    if (!isApiPath(request.url) && request.method === "GET" && (request.headers.accept ?? "").includes("text/html")) {
      return reply.sendFile("index.html");
    }
    return sendError(reply, Errors.routeNotFound);
  });
}
