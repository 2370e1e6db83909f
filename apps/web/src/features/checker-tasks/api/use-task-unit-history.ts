import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { getHiCheckerIndoorHistory, getHiCheckerOutdoorHistory } from "@vrf/contract/hi-checker/units.ts";
import { call } from "../../../lib/api-client.ts";
import { historyWindow, type UnitChoice } from "../utils/readings.ts";
import { checkerTaskKeys } from "./query-keys.ts";

interface TaskPeriod {
  id: string;
  deviceId: number;
  startedAt: string | null;
  endedAt: string | null;
}

/**
 * A unit's averaged history over a collection task's period, for its charts. While the task runs
 * the period ends at the time of each fetch, so a live refresh moves it on.
 */
export const useTaskUnitHistory = (task: TaskPeriod | undefined, unit: UnitChoice | null) =>
  useQuery({
    queryKey: checkerTaskKeys.unitHistoryOf(task?.id ?? "", unit, [task?.startedAt ?? null, task?.endedAt ?? null]),
    queryFn: ({ signal }) => {
      const { deviceId, startedAt, endedAt } = task as TaskPeriod;
      const choice = unit as UnitChoice;
      const period = historyWindow(startedAt, endedAt, Date.now()) as { from: string; to: string };
      return call(
        choice.side === "indoor" ? getHiCheckerIndoorHistory : getHiCheckerOutdoorHistory,
        { deviceId, systemNumber: choice.systemNumber, address: choice.address, ...period },
        { silent: true, signal },
      );
    },
    enabled: task !== undefined && task.startedAt !== null && unit !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
