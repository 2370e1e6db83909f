import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { listProjectOptions } from "@vrf/contract/distributor/options.ts";
import { call } from "../../../lib/api-client.ts";

/** Projects matching what the user typed (name or project ID), searched on the server. */
export const useProjectOptions = (keyword: string) =>
  useQuery({
    queryKey: ["repair-reports", "project-options", keyword],
    queryFn: ({ signal }) =>
      call(listProjectOptions, keyword ? { keyword, limit: 50 } : { limit: 50 }, { silent: true, signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
