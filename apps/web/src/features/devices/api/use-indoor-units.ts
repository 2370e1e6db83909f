import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { TIndoorUnitListRequest } from "@vrf/contract/devices/units.ts";
import { useDeviceModule } from "../utils/device-module.ts";
import { deviceKeys } from "./query-keys.ts";

export const useIndoorUnits = (request: TIndoorUnitListRequest, enabled = true) => {
  const module = useDeviceModule();
  return useQuery({
    queryKey: [...deviceKeys.indoorUnitList(request), module.key],
    queryFn: ({ signal }) => module.indoorUnits(request, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
};
