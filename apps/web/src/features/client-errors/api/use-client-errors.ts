import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { listClientErrors, type TClientErrorListRequest } from "@vrf/contract/client-errors/list.ts";
import { call } from "../../../lib/api-client.ts";
import { clientErrorKeys } from "./query-keys.ts";

/** One page of the organisation's web app errors; the previous page stays on screen while the next loads. */
export const useClientErrors = (request: TClientErrorListRequest) =>
  useQuery({
    queryKey: clientErrorKeys.list(request),
    queryFn: ({ signal }) => call(listClientErrors, request, { silent: true, signal }),
    placeholderData: keepPreviousData,
  });
