import { useQuery } from "@tanstack/react-query";
import { countSubDistributors } from "@vrf/contract/sub-distributors/sub-distributors.ts";
import { call } from "../../../lib/api-client.ts";
import { subDistributorKeys } from "./query-keys.ts";

export const useSubDistributorCounts = () =>
  useQuery({
    queryKey: subDistributorKeys.counts(),
    queryFn: ({ signal }) => call(countSubDistributors, {}, { silent: true, signal }),
  });
