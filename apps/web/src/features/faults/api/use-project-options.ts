import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { listProjectOptions } from "@vrf/contract/distributor/options.ts";
import { call } from "../../../lib/api-client.ts";

/** Projects matching what the user typed (name or project ID). */
export const useProjectOptions = (keyword: string) =>
  useQuery({
    queryKey: ["faults", "project-options", keyword],
    queryFn: ({ signal }) => call(listProjectOptions, { keyword: keyword || undefined }, { signal, silent: true }),
    select: (data) => data.list,
    placeholderData: keepPreviousData,
  });
