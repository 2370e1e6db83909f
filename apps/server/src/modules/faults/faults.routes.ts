import { listFaultDeviceOptions } from "@vrf/contract/faults/device-options.ts";
import { listFaultCodes } from "@vrf/contract/faults/fault-codes.ts";
import { exportFaults, listFaults } from "@vrf/contract/faults/fault-list.ts";
import { getFaultStats } from "@vrf/contract/faults/fault-stats.ts";
import type { FastifyInstance } from "fastify";
import { addDownloadRoute } from "../../plugins/download-route.ts";
import { addRoute, moduleOf } from "../../plugins/endpoint-route.ts";
import type { Services } from "../../services.ts";
import { CLOCK_STEP_MS, keptInScope } from "../scope/kept-in-scope.ts";

export default async function faultRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { sessions, scope, faults } = services;
  const distributorCloud = moduleOf([2]);

  addRoute(
    app,
    sessions,
    listFaults,
    distributorCloud,
    async (input, { caller, language }) => faults.list(await scope.of(caller), input, language),
    { kept: keptInScope(["faults", "devices", "projects", "organisations"]) },
  );
  addRoute(
    app,
    sessions,
    getFaultStats,
    distributorCloud,
    async (input, { caller, language }) => faults.stats(await scope.of(caller), input, language),
    // Without an end date the statistics run to today.
    { report: true, kept: keptInScope(["faults", "devices", "projects"], { timeStepMs: CLOCK_STEP_MS }) },
  );
  addDownloadRoute(app, sessions, exportFaults, distributorCloud, async (input, { caller, language }) =>
    faults.export(await scope.of(caller), input, language),
  );
  addRoute(app, sessions, listFaultCodes, distributorCloud, async (input, { language }) => ({
    list: await faults.codes(input.keyword, language),
  }));
  addRoute(app, sessions, listFaultDeviceOptions, distributorCloud, async (input, { caller }) => ({
    list: await faults.deviceOptions(await scope.of(caller), input),
  }));
}
