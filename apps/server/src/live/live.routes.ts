import { AUTHORITY } from "@vrf/contract/constants.ts";
import { Errors } from "@vrf/contract/errors.ts";
import type { FastifyInstance } from "fastify";
import { sendError } from "../plugins/error-envelope.ts";
import type { Services } from "../services.ts";
import { isAllowedSocketOrigin } from "./live-origin.ts";

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
      await services.live.add(socket, caller.customerId, caller.sessionId, () =>
        services.scope.organisationIdsOf(caller),
      );
    },
  );
}
