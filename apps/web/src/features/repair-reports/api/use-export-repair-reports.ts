import { useMutation } from "@tanstack/react-query";
import type { RequestOf } from "@vrf/contract/endpoint.ts";
import { exportRepairReports } from "@vrf/contract/repair-reports/export.ts";
import { call } from "../../../lib/api-client.ts";
import { saveFile } from "../../../lib/save-file.ts";

/** Downloads the filtered list as an xlsx file. */
export const useExportRepairReports = () =>
  useMutation({
    mutationFn: async ({ filename, ...request }: RequestOf<typeof exportRepairReports> & { filename: string }) => {
      const file = await call(exportRepairReports, request, { silent: true });
      saveFile(file, filename);
    },
  });
