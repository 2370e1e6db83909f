import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { listOutdoorUnits } from "@vrf/contract/devices/units.ts";
import type { RequestOf } from "@vrf/contract/endpoint.ts";
import { call } from "../../../lib/api-client.ts";
import { deviceKeys } from "./query-keys.ts";

export const useOutdoorUnits = (request: RequestOf<typeof listOutdoorUnits>, enabled = true) =>
  useQuery({
    queryKey: deviceKeys.outdoorUnitList(request),
    queryFn: ({ signal }) => call(listOutdoorUnits, request, { silent: true, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
