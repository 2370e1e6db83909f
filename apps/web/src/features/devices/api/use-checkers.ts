import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { listCheckers } from "@vrf/contract/devices/checkers.ts";
import type { RequestOf } from "@vrf/contract/endpoint.ts";
import { call } from "../../../lib/api-client.ts";
import type { CheckerPages } from "../utils/checker-pages.ts";
import { deviceKeys } from "./query-keys.ts";

export const useCheckers = (request: RequestOf<typeof listCheckers>, endpoint: CheckerPages["list"] = listCheckers) =>
  useQuery({
    queryKey: [...deviceKeys.checkerList(request), endpoint.path],
    queryFn: ({ signal }) => call(endpoint, request, { silent: true, signal }),
    placeholderData: keepPreviousData,
  });
