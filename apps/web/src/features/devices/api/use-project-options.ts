import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { listProjectOptions } from "@vrf/contract/distributor/options.ts";
import { call } from "../../../lib/api-client.ts";

export const useProjectOptions = (keyword: string) =>
  useQuery({
    queryKey: ["devices", "project-options", keyword],
    queryFn: ({ signal }) =>
      call(listProjectOptions, keyword ? { keyword, limit: 50 } : { limit: 50 }, { silent: true, signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
