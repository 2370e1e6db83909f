import { ROLE_NUM } from "@vrf/contract/constants.ts";
import { listDeviceDeadLetters } from "@vrf/contract/device-dead-letters/list.ts";
import type { FastifyInstance } from "fastify";
import { addRoute, moduleOf } from "../../plugins/endpoint-route.ts";
import type { Services } from "../../services.ts";

export default async function deviceDeadLetterRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { sessions, deviceDeadLetters } = services;
  // Like the web app's error log: the organisation's distributor reads its own devices'.
  const distributorOnly = moduleOf([2], [ROLE_NUM.distributor]);
  addRoute(
    app,
    sessions,
    listDeviceDeadLetters,
    distributorOnly,
    (input, { caller }) => deviceDeadLetters.list(caller, input),
    { readOnly: true },
  );
}
