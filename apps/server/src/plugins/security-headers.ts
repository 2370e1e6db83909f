import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";

/**
 * Helmet's headers as they are for every answer, worked out once. Helmet is middleware that
 * calls `setHeader` on the response; run against a recorder at start-up, it yields the same
 * headers it would write on each request. (The Fastify wrapper builds Helmet from its options on
 * every request, a tenth of a small answer's cost; nothing here varies per request, as no page
 * uses CSP nonces.)
 */
export const securityHeadersOf = (options: Readonly<HelmetOptions>): Record<string, string> => {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as never, recorder as never, () => {});
  return headers;
};

/** Sends Helmet's headers (`options`) with every answer, errors and 404s included. */
export function registerSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>): void {
  const headers = securityHeadersOf(options);
  app.addHook("onRequest", (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
