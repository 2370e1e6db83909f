import { getAgencyDashboard } from "@vrf/contract/agency/dashboard.ts";
import type { FastifyInstance } from "fastify";
import { addRoute, moduleOf } from "../../plugins/endpoint-route.ts";
import type { Services } from "../../services.ts";
import { CLOCK_STEP_MS, keptInScope } from "../scope/kept-in-scope.ts";

export default async function agencyRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { sessions, scope, agency } = services;

  addRoute(
    app,
    sessions,
    getAgencyDashboard,
    moduleOf([2]),
    async (input, { caller, language }) => agency.dashboard(await scope.of(caller), input.utcOffsetMinutes, language),
    { kept: keptInScope(["projects", "devices", "faults", "repairs", "partners"], { timeStepMs: CLOCK_STEP_MS }) },
  );
}
