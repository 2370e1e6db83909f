import { ROLE_NUM } from "@vrf/contract/constants.ts";
import { listSecurityEventAccounts } from "@vrf/contract/security-events/accounts.ts";
import { exportSecurityEvents } from "@vrf/contract/security-events/export.ts";
import { listSecurityEvents } from "@vrf/contract/security-events/list.ts";
import type { FastifyInstance } from "fastify";
import { addDownloadRoute } from "../../plugins/download-route.ts";
import { addRoute, moduleOf } from "../../plugins/endpoint-route.ts";
import type { Services } from "../../services.ts";
import { keptInScope } from "../scope/kept-in-scope.ts";

export default async function securityEventRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { sessions, securityEvents } = services;
  // A distributor reads its own organisation's log; a sub-distributor (roleNum 3) does not get this page.
  const distributorOnly = moduleOf([2], [ROLE_NUM.distributor]);

  addRoute(
    app,
    sessions,
    listSecurityEvents,
    distributorOnly,
    (input, { caller }) => securityEvents.list(caller, input),
    { readOnly: true, kept: keptInScope(["security", "people"]) },
  );
  addRoute(app, sessions, listSecurityEventAccounts, distributorOnly, (_input, { caller }) =>
    securityEvents.accounts(caller),
  );
  addDownloadRoute(app, sessions, exportSecurityEvents, distributorOnly, (input, { caller, language }) =>
    securityEvents.export(caller, input, language),
  );
}
