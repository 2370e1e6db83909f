import {
  exportCheckers,
  getCheckerDetail,
  listCheckers,
  registerChecker,
  updateChecker,
} from "@vrf/contract/devices/checkers.ts";
import {
  exportControllers,
  getControllerDetail,
  listControllers,
  listDeviceFacets,
} from "@vrf/contract/devices/controllers.ts";
import { locateDevice } from "@vrf/contract/devices/locate.ts";
import { moveDevice, removeDevice } from "@vrf/contract/devices/placement.ts";
import { listIndoorUnits, listOutdoorUnits } from "@vrf/contract/devices/units.ts";
import type { FastifyInstance } from "fastify";
import { addDownloadRoute } from "../../plugins/download-route.ts";
import { addRoute, moduleOf } from "../../plugins/endpoint-route.ts";
import type { Services } from "../../services.ts";
import { keptInScope } from "../scope/kept-in-scope.ts";
import { clientOf } from "../security-events/client.ts";

export default async function deviceRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { sessions, scope, devices } = services;
  const distributorCloud = moduleOf([2]);
  // Device rows carry their project, organisation, open faults and bound users; unit rows their
  // device and project, and their newest readings (the ingest counts telemetry under "units").
  const deviceLists = keptInScope(["devices", "projects", "organisations", "faults", "people"]);
  const unitLists = keptInScope(["units", "devices", "projects", "organisations"]);

  addRoute(
    app,
    sessions,
    listControllers,
    distributorCloud,
    async (input, { caller }) => devices.listControllers(await scope.of(caller), input),
    { kept: deviceLists },
  );
  addDownloadRoute(app, sessions, exportControllers, distributorCloud, async (input, { caller, language }) =>
    devices.exportControllers(await scope.of(caller), input, language),
  );
  addDownloadRoute(app, sessions, exportCheckers, distributorCloud, async (input, { caller, language }) =>
    devices.exportCheckers(await scope.of(caller), input, language),
  );
  addRoute(app, sessions, listDeviceFacets, distributorCloud, async (input, { caller }) =>
    devices.facets(await scope.of(caller), input.kind),
  );
  addRoute(app, sessions, getControllerDetail, distributorCloud, async (input, { caller, language }) =>
    devices.controllerDetail(await scope.of(caller), input.id, input.kind, language),
  );
  addRoute(app, sessions, locateDevice, distributorCloud, async (input, { caller }) =>
    devices.locate(await scope.of(caller), input.id),
  );
  addRoute(app, sessions, moveDevice, distributorCloud, async (input, { caller }) =>
    devices.moveController(await scope.of(caller), input),
  );
  addRoute(app, sessions, removeDevice, distributorCloud, async (input, { caller, request }) =>
    devices.removeController(await scope.of(caller), caller, input, clientOf(request)),
  );
  addRoute(
    app,
    sessions,
    listCheckers,
    distributorCloud,
    async (input, { caller }) => devices.listCheckers(await scope.of(caller), input),
    { kept: deviceLists },
  );
  addRoute(app, sessions, getCheckerDetail, distributorCloud, async (input, { caller }) =>
    devices.checkerDetail(await scope.of(caller), input.id),
  );
  addRoute(app, sessions, registerChecker, distributorCloud, async (input, { caller }) =>
    devices.registerChecker(await scope.of(caller), caller.email, input),
  );
  addRoute(app, sessions, updateChecker, distributorCloud, async ({ id, ...input }, { caller }) =>
    devices.updateChecker(await scope.of(caller), caller.email, id, input),
  );
  addRoute(
    app,
    sessions,
    listOutdoorUnits,
    distributorCloud,
    async (input, { caller }) => devices.listOutdoorUnits(await scope.of(caller), input),
    { kept: unitLists },
  );
  addRoute(
    app,
    sessions,
    listIndoorUnits,
    distributorCloud,
    async (input, { caller }) => devices.listIndoorUnits(await scope.of(caller), input),
    { kept: unitLists },
  );
}
