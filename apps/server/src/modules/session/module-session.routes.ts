import { handoverLogin } from "@vrf/contract/account/handover.ts";
import { authority, moduleLogin, selectRemember, setSelectRemember } from "@vrf/contract/module/session.ts";
import type { FastifyInstance } from "fastify";
import { ACCOUNT, addRoute, anyModule } from "../../plugins/endpoint-route.ts";
import type { Services } from "../../services.ts";
import { clientOf } from "../security-events/client.ts";

export default async function moduleSessionRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { sessions, moduleSessions } = services;

  // Token and session answers must not be kept by a browser or proxy cache.
  addRoute(app, sessions, moduleLogin, ACCOUNT, (input, { caller, reply, request }) => {
    reply.header("cache-control", "no-store");
    return moduleSessions.login(caller, input.authorityNum, clientOf(request));
  });
  addRoute(
    app,
    sessions,
    handoverLogin,
    ACCOUNT,
    (_input, { caller, reply, request }) => {
      reply.header("cache-control", "no-store");
      return moduleSessions.handover(caller, clientOf(request));
    },
    { rateLimit: services.limits.strict },
  );
  addRoute(app, sessions, authority, anyModule, (_input, { caller, reply }) => {
    reply.header("cache-control", "no-store");
    return moduleSessions.authority({ ...caller, authorityNum: caller.authorityNum as number });
  });
  addRoute(app, sessions, selectRemember, ACCOUNT, (input, { caller }) =>
    moduleSessions.remembered(caller, input.customerId),
  );
  addRoute(app, sessions, setSelectRemember, ACCOUNT, (input, { caller }) =>
    moduleSessions.remember(caller, input.rememberSelect, input.selectMode),
  );
}
