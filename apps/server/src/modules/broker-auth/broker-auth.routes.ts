import { createHash, timingSafeEqual } from "node:crypto";
import {
  EMQX_BODY_MAX,
  emqxAuthenticate,
  emqxAuthorize,
  type TEmqxAclRequest,
  type TEmqxAuthRequest,
} from "@vrf/contract/broker-auth/emqx.ts";
import type { Endpoint } from "@vrf/contract/endpoint.ts";
import { Errors } from "@vrf/contract/errors.ts";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from "fastify";
import { sendError } from "../../plugins/error-envelope.ts";
import type { Services } from "../../services.ts";

const digest = (text: string): Buffer => createHash("sha256").update(text).digest();

/**
 * POST /mqtt/auth and /mqtt/acl: EMQX's HTTP authenticator and authorizer (decision 0015).
 * Registered only with MQTT_HTTP_AUTH_TOKEN, which every call brings as `Authorization: Bearer …`
 * (401 without it, checked before the body is read). No session and no envelope: EMQX reads
 * `{"result": …}` from a 200 answer. Exempt from the per-address rate limit, since EMQX calls from
 * one address at the fleet's reconnect rate; failed sign-ins are throttled per client id and
 * address inside the service instead.
 */
export default async function brokerAuthRoutes(
  app: FastifyInstance,
  { services, token }: { services: Services; token: string },
) {
  const { brokerAuth } = services;
  const expected = digest(`Bearer ${token}`);

  const route = (endpoint: Endpoint, name: "auth" | "acl", handler: RouteHandlerMethod) =>
    app.route({
      method: endpoint.method,
      url: endpoint.path,
      bodyLimit: EMQX_BODY_MAX,
      // Read-only: the portal's session lookups stay cached across these calls.
      config: { rateLimit: false, readOnly: true },
      logLevel: "warn",
      schema: { body: endpoint.request, response: { 200: endpoint.response } },
      onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
        if (timingSafeEqual(digest(request.headers.authorization ?? ""), expected)) return;
        reply.header("www-authenticate", "Bearer");
        return sendError(reply, Errors.tokenUnauthorized);
      },
      // A body EMQX's template did not fill as expected (not JSON, too large, a field missing or
      // out of bounds) is a 200 deny: any other status is "ignore" to EMQX, which its authorizer's
      // default `no_match = allow` would turn into an allow. The database not answering is not
      // the caller's fault: that goes on to the app's handler (503).
      errorHandler: (error: FastifyError, _request, reply) => {
        if ((error.statusCode ?? 500) >= 500) throw error;
        return reply.status(200).send(brokerAuth.malformed(name, error.code ?? "badRequest"));
      },
      handler,
    });

  // The body is the schema's output here: the route's validator parsed it.
  route(emqxAuthenticate, "auth", async (request) => brokerAuth.authenticate(request.body as TEmqxAuthRequest));
  route(emqxAuthorize, "acl", async (request) => brokerAuth.authorize(request.body as TEmqxAclRequest));
}
