import { AUTHORITY } from "@vrf/contract/constants.ts";
import type { FastifyInstance } from "fastify";
import type { Services } from "../services.ts";

/**
 * /server/control/{customerId}/{webClientId}?token=: the Hi-Checker live channel.
 * Browsers cannot set headers on a WebSocket, so the token travels in the query.
 */
export default async function liveRoutes(app: FastifyInstance, { services }: { services: Services }) {
  app.get<{ Params: { customerId: string; webClientId: string }; Querystring: { token?: string } }>(
    "/server/control/:customerId/:webClientId",
    { websocket: true },
    async (socket, request) => {
      const caller = await services.sessions.resolve(request.query.token);
      if (
        typeof caller === "string" ||
        caller.customerId !== request.params.customerId ||
        caller.authorityNum !== AUTHORITY.checker
      ) {
        socket.close(4401, "unauthorised");
        return;
      }
      services.live.add(socket, caller.customerId, caller.sessionId);
    },
  );
}
