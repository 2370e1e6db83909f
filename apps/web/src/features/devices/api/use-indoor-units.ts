import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { listIndoorUnits } from "@vrf/contract/devices/units.ts";
import type { RequestOf } from "@vrf/contract/endpoint.ts";
import { call } from "../../../lib/api-client.ts";
import { deviceKeys } from "./query-keys.ts";

export const useIndoorUnits = (request: RequestOf<typeof listIndoorUnits>, enabled = true) =>
  useQuery({
    queryKey: deviceKeys.indoorUnitList(request),
    queryFn: ({ signal }) => call(listIndoorUnits, request, { silent: true, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
