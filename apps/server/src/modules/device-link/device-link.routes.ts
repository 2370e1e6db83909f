import { controlUnits, getDeviceCommand, listDeviceCommands } from "@vrf/contract/devices/commands.ts";
import { rotateDeviceCredentials } from "@vrf/contract/devices/credentials.ts";
import { getIndoorUnitHistory, getOutdoorUnitHistory } from "@vrf/contract/devices/unit-history.ts";
import type { FastifyInstance } from "fastify";
import { addRoute, moduleOf } from "../../plugins/endpoint-route.ts";
import type { Services } from "../../services.ts";
import { clientOf } from "../security-events/client.ts";

export default async function deviceLinkRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { sessions, scope, deviceCommands, deviceCredentials, unitHistory } = services;
  const distributorCloud = moduleOf([2]);

  addRoute(app, sessions, controlUnits, distributorCloud, async (input, { caller }) =>
    deviceCommands.control(
      await scope.of(caller),
      { accountId: caller.accountId, customerId: caller.customerId },
      input,
    ),
  );
  addRoute(app, sessions, getDeviceCommand, distributorCloud, async (input, { caller }) =>
    deviceCommands.find(await scope.of(caller), input.id),
  );
  addRoute(app, sessions, listDeviceCommands, distributorCloud, async (input, { caller }) =>
    deviceCommands.list(await scope.of(caller), input.deviceId, input.pageNum, input.pageSize),
  );
  addRoute(app, sessions, getIndoorUnitHistory, distributorCloud, async (input, { caller }) =>
    unitHistory.series(await scope.of(caller), "indoor", input),
  );
  addRoute(app, sessions, getOutdoorUnitHistory, distributorCloud, async (input, { caller }) =>
    unitHistory.series(await scope.of(caller), "outdoor", input),
  );
  addRoute(app, sessions, rotateDeviceCredentials, distributorCloud, async (input, { caller, request }) =>
    deviceCredentials.rotate(await scope.of(caller), caller, input.deviceId, clientOf(request)),
  );
}
