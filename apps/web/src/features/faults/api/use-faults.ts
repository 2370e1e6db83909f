import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api-client.ts";
import { useFaultModule } from "../utils/fault-module.ts";
import { type FaultQueryState, toApiFilters } from "../utils/fault-query.ts";
import { faultKeys } from "./query-keys.ts";

/** One page of fault records; the previous page stays on screen while the next loads. */
export const useFaults = (state: FaultQueryState) => {
  const module = useFaultModule();
  return useQuery({
    queryKey: faultKeys(module.keyPrefix).list(state),
    queryFn: ({ signal }) =>
      call(
        module.list,
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
};
