import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { listHiCheckers } from "@vrf/contract/hi-checker/checkers.ts";
import { call } from "../../../lib/api-client.ts";
import { rolloutKeys } from "./query-keys.ts";

/** One page of the caller's checkers for a new rollout, by alias, searched by alias, device ID or serial number. */
export const useRolloutCheckers = (keyword: string, page: { pageNum: number; pageSize: number }) => {
  const request = {
    ...page,
    sort: "alias" as const,
    order: "ascend" as const,
    ...(keyword ? { keyword } : {}),
  };
  return useQuery({
    queryKey: rolloutKeys.checkerPage(request),
    queryFn: ({ signal }) => call(listHiCheckers, request, { silent: true, signal }),
    placeholderData: keepPreviousData,
  });
};
