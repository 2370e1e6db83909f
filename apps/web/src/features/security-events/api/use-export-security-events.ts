import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { RequestOf } from "@vrf/contract/endpoint.ts";
import { exportSecurityEvents } from "@vrf/contract/security-events/export.ts";
import { call } from "../../../lib/api-client.ts";
import { saveFile } from "../../../lib/save-file.ts";
import { SECURITY_EVENTS_KEY } from "./query-keys.ts";

/** Downloads the filtered log as an xlsx file; the export is itself an event, so the list refreshes. */
export const useExportSecurityEvents = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ filename, ...request }: RequestOf<typeof exportSecurityEvents> & { filename: string }) => {
      const file = await call(exportSecurityEvents, request, { silent: true });
      saveFile(file, filename);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: SECURITY_EVENTS_KEY }),
  });
};
