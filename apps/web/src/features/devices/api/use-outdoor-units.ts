import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { TOutdoorUnitListRequest } from "@vrf/contract/devices/units.ts";
import { useDeviceModule } from "../utils/device-module.ts";
import { deviceKeys } from "./query-keys.ts";

export const useOutdoorUnits = (request: TOutdoorUnitListRequest, enabled = true) => {
  const module = useDeviceModule();
  return useQuery({
    queryKey: [...deviceKeys.outdoorUnitList(request), module.key],
    queryFn: ({ signal }) => module.outdoorUnits(request, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
};
