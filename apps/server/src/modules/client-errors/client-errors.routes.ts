import { listClientErrors } from "@vrf/contract/client-errors/list.ts";
import { CLIENT_ERROR_BODY_MAX, reportClientError } from "@vrf/contract/client-errors/report.ts";
import { ROLE_NUM } from "@vrf/contract/constants.ts";
import type { FastifyInstance } from "fastify";
import { addRoute, moduleOf, PUBLIC } from "../../plugins/endpoint-route.ts";
import type { Services } from "../../services.ts";
import { clientOf } from "../security-events/client.ts";

export default async function clientErrorRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { sessions, clientErrors } = services;
  // Like the security log: a distributor reads its own organisation's; a sub-distributor (roleNum 3) does not.
  const distributorOnly = moduleOf([2], [ROLE_NUM.distributor]);

  // Public: an error on the sign-in page has no session. A signed-in sender is recorded as such.
  addRoute(
    app,
    sessions,
    reportClientError,
    PUBLIC,
    (input, { caller, request }) => clientErrors.report(caller, input, clientOf(request)),
    { bodyLimit: CLIENT_ERROR_BODY_MAX },
  );
  addRoute(app, sessions, listClientErrors, distributorOnly, (input, { caller }) => clientErrors.list(caller, input), {
    readOnly: true,
  });
}
