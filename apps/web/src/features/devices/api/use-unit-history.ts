import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useDeviceModule } from "../utils/device-module.ts";
import { type HistoryRange, rangeBounds } from "../utils/history-range.ts";
import { deviceKeys } from "./query-keys.ts";

export interface UnitRef {
  kind: "outdoor" | "indoor";
  deviceId: number;
  systemNumber: number;
  address: number;
}

/**
 * One unit's history over a range. A preset range ("last 24 h") is taken back from the time of
 * each fetch, so a refresh moves it on.
 */
export const useUnitHistory = (unit: UnitRef, range: HistoryRange) => {
  const module = useDeviceModule();
  return useQuery({
    queryKey: [
      ...deviceKeys.unitHistoryOf(unit.kind, unit.deviceId, unit.systemNumber, unit.address, range),
      module.key,
    ],
    queryFn: ({ signal }) => {
      const { from, to } = rangeBounds(range, Date.now());
      return module.unitHistory(
        unit.kind,
        {
          deviceId: unit.deviceId,
          systemNumber: unit.systemNumber,
          address: unit.address,
          from: new Date(from).toISOString(),
          to: new Date(to).toISOString(),
        },
        { signal },
      );
    },
    placeholderData: keepPreviousData,
    retry: false,
  });
};
