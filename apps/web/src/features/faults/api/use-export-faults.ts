import { useMutation } from "@tanstack/react-query";
import { call } from "../../../lib/api-client.ts";
import { saveFile } from "../../../lib/save-file.ts";
import { useFaultModule } from "../utils/fault-module.ts";
import { type FaultQueryState, toApiFilters, viewerUtcOffset } from "../utils/fault-query.ts";

/** Downloads the filtered records, in the table's order, as an .xlsx file. */
export const useExportFaults = () => {
  const module = useFaultModule();
  return useMutation({
    mutationFn: async ({ state, filename }: { state: FaultQueryState; filename: string }) => {
      const blob = (await call(
        module.export,
        {
          ...toApiFilters(state.filters),
          sort: state.sort,
          order: state.sort ? state.order : undefined,
          utcOffsetMinutes: viewerUtcOffset(),
        },
        { silent: true },
      )) as Blob;
      saveFile(blob, filename);
    },
  });
};
