import { AUTHORITY } from "@vrf/contract/constants.ts";
import { Errors } from "@vrf/contract/errors.ts";
import type { FastifyInstance } from "fastify";
import { checkerScopeOf } from "../modules/scope/scope.service.ts";
import type { Caller } from "../modules/session/session.service.ts";
import { sendError } from "../plugins/error-envelope.ts";
import type { Services } from "../services.ts";
import type { LiveScope } from "./live-hub.ts";
import { isAllowedSocketOrigin } from "./live-origin.ts";

/**
 * Whose device events a socket receives, read when it opens and again every SCOPE_TTL_MS: a
 * Distributor Cloud session its organisations' (associations read afresh, so a release is
 * honoured), a Hi-Checker session the checkers of its scope (scope.service.ts `checkerScopeOf`).
 */
const liveScopeOf = async (services: Services, caller: Caller): Promise<LiveScope> => {
  if (caller.authorityNum !== AUTHORITY.checker)
    return { organisationIds: await services.scope.organisationIdsOf(caller) };
  const scope = checkerScopeOf(caller);
  const current =
    scope.boundAccountId === undefined
      ? { ...scope, organisationIds: await services.scope.organisationIdsOf(caller) }
      : scope;
  return { deviceIds: await services.devices.checkerIds(current) };
};

/**
 * /server/control/{customerId}/{webClientId}?token=: the live channel of the Hi-Checker module and,
 * for device events, of Distributor Cloud (docs/decisions/0004-live-socket-for-distributor-pages.md).
 * Browsers cannot set headers on a WebSocket, so the token travels in the query.
 */
export default async function liveRoutes(app: FastifyInstance, { services }: { services: Services }) {
  app.get<{ Params: { customerId: string; webClientId: string }; Querystring: { token?: string } }>(
    "/server/control/:customerId/:webClientId",
    {
      websocket: true,
      // Refused before the upgrade, so a foreign page never gets an open socket.
      preValidation: async (request, reply) => {
        if (!isAllowedSocketOrigin(request, services.publicUrl)) await sendError(reply, Errors.forbidden);
      },
    },
    async (socket, request) => {
      const caller = await services.sessions.resolve(request.query.token);
      if (
        typeof caller === "string" ||
        caller.customerId !== request.params.customerId ||
        (caller.authorityNum !== AUTHORITY.checker && caller.authorityNum !== AUTHORITY.distributor)
      ) {
        socket.close(4401, "unauthorised");
        return;
      }
      await services.live.add(socket, caller.customerId, caller.sessionId, () => liveScopeOf(services, caller));
    },
  );
}
