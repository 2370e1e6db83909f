import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { listFaults } from "@vrf/contract/faults/fault-list.ts";
import { call } from "../../../lib/api-client.ts";
import { type FaultQueryState, toApiFilters } from "../utils/fault-query.ts";

/** One page of fault records; the previous page stays on screen while the next loads. */
export const useFaults = (state: FaultQueryState) =>
  useQuery({
    queryKey: ["faults", "list", state],
    queryFn: ({ signal }) =>
      call(
        listFaults,
        {
          ...toApiFilters(state.filters),
          pageNum: state.pageNum,
          pageSize: state.pageSize,
          sort: state.sort,
          order: state.sort ? state.order : undefined,
        },
        { signal, silent: true },
      ),
    placeholderData: keepPreviousData,
  });
