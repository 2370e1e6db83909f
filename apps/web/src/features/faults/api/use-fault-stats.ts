import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { getFaultStats } from "@vrf/contract/faults/fault-stats.ts";
import { call } from "../../../lib/api-client.ts";
import { type FaultFilterValues, toApiFilters, viewerUtcOffset } from "../utils/fault-query.ts";

/** Counts by code and by day under the same filters as the records. */
export const useFaultStats = (filters: FaultFilterValues) =>
  useQuery({
    queryKey: ["faults", "stats", filters],
    queryFn: ({ signal }) =>
      call(getFaultStats, { ...toApiFilters(filters), utcOffsetMinutes: viewerUtcOffset() }, { signal, silent: true }),
    placeholderData: keepPreviousData,
  });
