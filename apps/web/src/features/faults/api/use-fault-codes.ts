import { useQuery } from "@tanstack/react-query";
import { listFaultCodes } from "@vrf/contract/faults/fault-codes.ts";
import { call } from "../../../lib/api-client.ts";

/** The whole fault-code catalogue (a few dozen entries); searched on the page, cached for the session. */
export const useFaultCodes = () =>
  useQuery({
    queryKey: ["faults", "codes"],
    queryFn: ({ signal }) => call(listFaultCodes, {}, { signal, silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
    select: (data) => data.list,
  });
