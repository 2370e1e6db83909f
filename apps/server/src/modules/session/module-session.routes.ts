import { authority, moduleLogin, selectRemember, setSelectRemember } from "@vrf/contract/module/session.ts";
import type { FastifyInstance } from "fastify";
import { ACCOUNT, addRoute, anyModule } from "../../plugins/endpoint-route.ts";
import type { Services } from "../../services.ts";

export default async function moduleSessionRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { sessions, moduleSessions } = services;

  addRoute(app, sessions, moduleLogin, ACCOUNT, (input, { caller }) =>
    moduleSessions.login(caller, input.authorityNum),
  );
  addRoute(app, sessions, authority, anyModule, (_input, { caller }) =>
    moduleSessions.authority({ ...caller, authorityNum: caller.authorityNum as number }),
  );
  addRoute(app, sessions, selectRemember, ACCOUNT, (input, { caller }) =>
    moduleSessions.remembered(caller, input.customerId),
  );
  addRoute(app, sessions, setSelectRemember, ACCOUNT, (input, { caller }) =>
    moduleSessions.remember(caller, input.rememberSelect, input.selectMode),
  );
}
