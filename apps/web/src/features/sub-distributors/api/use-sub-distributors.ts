import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { RequestOf } from "@vrf/contract/endpoint.ts";
import { listSubDistributors } from "@vrf/contract/sub-distributors/sub-distributors.ts";
import { call } from "../../../lib/api-client.ts";
import { subDistributorKeys } from "./query-keys.ts";

export type SubDistributorListRequest = RequestOf<typeof listSubDistributors>;

/** One page of the caller's sub-distributors; the previous page stays on screen while the next loads. */
export const useSubDistributors = (request: SubDistributorListRequest) =>
  useQuery({
    queryKey: subDistributorKeys.list(request),
    queryFn: ({ signal }) => call(listSubDistributors, request, { silent: true, signal }),
    placeholderData: keepPreviousData,
  });
