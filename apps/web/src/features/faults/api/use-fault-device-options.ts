import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { listFaultDeviceOptions } from "@vrf/contract/faults/device-options.ts";
import { call } from "../../../lib/api-client.ts";

/** Devices for the filter: those matching what the user typed, plus the selected one so it keeps its label. */
export const useFaultDeviceOptions = (input: { keyword?: string; projectId?: number; selectedId?: number }) =>
  useQuery({
    queryKey: ["faults", "device-options", input],
    queryFn: async ({ signal }) => {
      const [matching, selected] = await Promise.all([
        call(
          listFaultDeviceOptions,
          { keyword: input.keyword || undefined, projectId: input.projectId },
          { signal, silent: true },
        ),
        input.selectedId
          ? call(listFaultDeviceOptions, { id: input.selectedId }, { signal, silent: true })
          : Promise.resolve({ list: [] }),
      ]);
      const seen = new Set(matching.list.map((d) => d.id));
      return [...selected.list.filter((d) => !seen.has(d.id)), ...matching.list];
    },
    placeholderData: keepPreviousData,
  });
