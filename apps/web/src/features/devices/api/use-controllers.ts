import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { listControllers } from "@vrf/contract/devices/controllers.ts";
import type { RequestOf } from "@vrf/contract/endpoint.ts";
import { call } from "../../../lib/api-client.ts";
import { deviceKeys } from "./query-keys.ts";

export const useControllers = (request: RequestOf<typeof listControllers>) =>
  useQuery({
    queryKey: deviceKeys.controllerList(request),
    queryFn: ({ signal }) => call(listControllers, request, { silent: true, signal }),
    placeholderData: keepPreviousData,
  });
