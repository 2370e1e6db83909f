import type { FastifyRequest } from "fastify";

/** Where a request came from, as the security log keeps it. */
export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

/** `request.ip`: the peer, or what a proxy named in TRUST_PROXY says in X-Forwarded-For. */
export const clientOf = (request: FastifyRequest): ClientInfo => ({
  ip: request.ip || null,
  userAgent: request.headers["user-agent"] ?? null,
});

/** For service calls made outside a request (tests, scripts). */
export const NO_CLIENT: ClientInfo = { ip: null, userAgent: null };
