import { useMutation } from "@tanstack/react-query";
import type { RequestOf } from "@vrf/contract/endpoint.ts";
import { exportProjects } from "@vrf/contract/projects/project-list.ts";
import { call } from "../../../lib/api-client.ts";
import { saveFile } from "../../../lib/save-file.ts";

export const useExportProjects = () =>
  useMutation({
    mutationFn: async ({ filename, ...params }: RequestOf<typeof exportProjects> & { filename: string }) => {
      const file = await call(exportProjects, params, { silent: true });
      saveFile(file, filename);
    },
  });
