import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api-client.ts";
import { useFaultModule } from "../utils/fault-module.ts";
import { faultKeys } from "./query-keys.ts";

/**
 * Devices for the filter (the Hi-Checker module's: its checkers): those matching what the user
 * typed, plus the selected one so it keeps its label.
 */
export const useFaultDeviceOptions = (input: { keyword?: string; projectId?: number; selectedId?: number }) => {
  const module = useFaultModule();
  return useQuery({
    queryKey: faultKeys(module.keyPrefix).deviceOptions(input),
    queryFn: async ({ signal }) => {
      const [matching, selected] = await Promise.all([
        call(
          module.deviceOptions,
          { keyword: input.keyword || undefined, projectId: input.projectId },
          { signal, silent: true },
        ),
        input.selectedId
          ? call(module.deviceOptions, { id: input.selectedId }, { signal, silent: true })
          : Promise.resolve({ list: [] }),
      ]);
      const seen = new Set(matching.list.map((d) => d.id));
      return [...selected.list.filter((d) => !seen.has(d.id)), ...matching.list];
    },
    placeholderData: keepPreviousData,
  });
};
