import type { FastifyRequest } from "fastify";

const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/**
 * Any page can open a WebSocket to any host, so a page on
 * another site could open the live channel with a token it got hold of; a
 * browser always sends Origin on a WebSocket, and only the portal's own origin
 * (the host the request came to, or PUBLIC_URL) is let through. Clients that
 * are not browsers send no Origin and rely on the token alone.
 */
export const isAllowedSocketOrigin = (request: FastifyRequest, publicUrl: string | undefined): boolean => {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  const claimed = originOf(origin);
  if (!claimed) return false;
  const allowed = new Set<string>();
  const ownHost = originOf(`${request.protocol}://${request.host}`);
  if (ownHost) allowed.add(ownHost);
  if (publicUrl) {
    const configured = originOf(publicUrl);
    if (configured) allowed.add(configured);
  }
  return allowed.has(claimed);
};
