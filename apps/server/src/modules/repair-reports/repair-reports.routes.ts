import { getRepairReport } from "@vrf/contract/repair-reports/detail.ts";
import { exportRepairReports } from "@vrf/contract/repair-reports/export.ts";
import { handleRepairReport } from "@vrf/contract/repair-reports/handle.ts";
import { intakeRepairReport } from "@vrf/contract/repair-reports/intake.ts";
import { listRepairReports } from "@vrf/contract/repair-reports/list.ts";
import type { FastifyInstance } from "fastify";
import { addDownloadRoute } from "../../plugins/download-route.ts";
import { addRoute, moduleOf, PUBLIC } from "../../plugins/endpoint-route.ts";
import type { Services } from "../../services.ts";
import { keptInScope } from "../scope/kept-in-scope.ts";

export default async function repairReportRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { sessions, scope, repairReports } = services;
  const distributorCloud = moduleOf([2]);

  addRoute(
    app,
    sessions,
    listRepairReports,
    distributorCloud,
    async (input, { caller }) => repairReports.reports.list(await scope.of(caller), input),
    { readOnly: true, kept: keptInScope(["repairs", "devices", "projects", "organisations", "people"]) },
  );
  addDownloadRoute(app, sessions, exportRepairReports, distributorCloud, async (input, { caller, language }) =>
    repairReports.reports.export(await scope.of(caller), input, language),
  );
  addRoute(app, sessions, getRepairReport, distributorCloud, async (input, { caller }) =>
    repairReports.reports.get(await scope.of(caller), input.id),
  );
  addRoute(app, sessions, handleRepairReport, distributorCloud, async (input, { caller }) =>
    repairReports.reports.handle(await scope.of(caller), input),
  );
  // The end-user app's call: no session, so the strict per-address limit keeps it from being
  // flooded; the service adds hourly caps per serial number and per address.
  addRoute(
    app,
    sessions,
    intakeRepairReport,
    PUBLIC,
    (input, { request }) =>
      repairReports.reports.intake(input, { ip: request.ip }, (error) =>
        request.log.error({ err: error }, "repair report mail failed"),
      ),
    { rateLimit: services.limits.strict },
  );
}
