import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api-client.ts";
import { useFaultModule } from "../utils/fault-module.ts";
import { type FaultFilterValues, toApiFilters, viewerUtcOffset } from "../utils/fault-query.ts";
import { faultKeys } from "./query-keys.ts";

/** Counts by code and by day under the same filters as the records. */
export const useFaultStats = (filters: FaultFilterValues) => {
  const module = useFaultModule();
  return useQuery({
    queryKey: faultKeys(module.keyPrefix).stats(filters),
    queryFn: ({ signal }) =>
      call(module.stats, { ...toApiFilters(filters), utcOffsetMinutes: viewerUtcOffset() }, { signal, silent: true }),
    placeholderData: keepPreviousData,
  });
};
