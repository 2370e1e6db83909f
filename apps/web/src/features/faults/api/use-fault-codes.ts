import { useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api-client.ts";
import { useFaultModule } from "../utils/fault-module.ts";
import { faultKeys } from "./query-keys.ts";

/** The whole fault-code catalogue (a few dozen entries); searched on the page, cached for the session. */
export const useFaultCodes = () => {
  const module = useFaultModule();
  return useQuery({
    queryKey: faultKeys(module.keyPrefix).codes,
    queryFn: ({ signal }) => call(module.codes, {}, { signal, silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
    select: (data) => data.list,
  });
};
