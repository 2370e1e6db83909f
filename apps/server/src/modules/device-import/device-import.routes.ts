import { commitDeviceImport } from "@vrf/contract/device-import/commit.ts";
import { dryRunDeviceImport } from "@vrf/contract/device-import/dry-run.ts";
import { IMPORT_MAX_FILE_BYTES } from "@vrf/contract/device-import/rows.ts";
import { downloadDeviceImportTemplate } from "@vrf/contract/device-import/template.ts";
import type { FastifyInstance } from "fastify";
import { addDownloadRoute } from "../../plugins/download-route.ts";
import { addRoute, moduleOf } from "../../plugins/endpoint-route.ts";
import type { Services } from "../../services.ts";
import { addUploadRoute, registerUploads } from "./upload-route.ts";

export default async function deviceImportRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { sessions, scope, deviceImport } = services;
  const distributorCloud = moduleOf([2]);
  await registerUploads(app, IMPORT_MAX_FILE_BYTES);

  addDownloadRoute(
    app,
    sessions,
    downloadDeviceImportTemplate,
    distributorCloud,
    async (_input, { caller, language }) => deviceImport.template(await scope.of(caller), language),
  );
  // Reading a 10 MB spreadsheet is the costliest call of the module: it gets the strict per-address limit.
  addUploadRoute(
    app,
    sessions,
    dryRunDeviceImport,
    distributorCloud,
    async (file, { caller }) => deviceImport.dryRun(await scope.of(caller), file),
    { rateLimit: services.limits.strict },
  );
  addRoute(app, sessions, commitDeviceImport, distributorCloud, async (input, { caller }) =>
    deviceImport.commit(await scope.of(caller), input.rows),
  );
}
