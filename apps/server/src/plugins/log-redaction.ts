import type { FastifyRequest } from "fastify";

/**
 * The SPEC lets a client put its token in a GET query (and a browser's
 * WebSocket cannot send headers, so the live socket does), and every request
 * URL is logged: these parameters are blanked before a line is written.
 */
const SECRET_PARAMS = /([?&](?:accessToken|token|anonymousToken|sign)=)[^&#]*/gi;

export const redactUrl = (url: string): string => url.replace(SECRET_PARAMS, "$1[redacted]");

/** Fastify's request log fields, with the URL redacted. */
export const requestLogSerializer = (request: FastifyRequest) => ({
  method: request.method,
  url: redactUrl(request.url),
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket?.remotePort,
});

/** Header and body paths pino blanks wherever a request or error object is logged. */
export const REDACTED_PATHS = [
  "req.headers.authorization",
  "req.headers.cookie",
  "req.body.password",
  "req.body.accessToken",
  "req.query.accessToken",
  "req.query.token",
];
