import { DASHBOARD_DAYS, type TCheckerDashboard } from "@vrf/contract/hi-checker/dashboard.ts";
import type { Clock } from "../../clock.ts";
import { fillDays, lastDays, startOfLocalDay } from "../faults/fault-days.ts";
import type { Scope } from "../scope/scope.service.ts";
import type { CheckerDashboardRepository } from "./checker-dashboard.repository.ts";

/** The Hi-Checker module's home: its checkers now, and their tasks over the last days. */
export const createCheckerDashboardService = (deps: { dashboard: CheckerDashboardRepository; clock: Clock }) => ({
  async dashboard(scope: Scope, utcOffsetMinutes: number): Promise<TCheckerDashboard> {
    const window = lastDays(deps.clock.now(), DASHBOARD_DAYS, utcOffsetMinutes);
    const since = startOfLocalDay(window.first, utcOffsetMinutes);
    const [checkers, historyTotal, perDay] = await Promise.all([
      deps.dashboard.checkers(scope),
      deps.dashboard.endedTasks(scope),
      deps.dashboard.tasksPerDay(scope, since, utcOffsetMinutes),
    ]);
    const total = Number(checkers?.total ?? 0);
    const offline = Number(checkers?.offline ?? 0);
    return {
      checkers: { total, online: total - offline, offline, inTask: Number(checkers?.in_task ?? 0) },
      historyTotal,
      storage: { usedMb: Number(checkers?.used_mb ?? 0), capacityMb: Number(checkers?.capacity_mb ?? 0) },
      tasksPerDay: fillDays(
        perDay.map((d) => ({
          day: d.day,
          capture: Number(d.capture),
          collection: Number(d.collection),
          gatheredBytes: Number(d.bytes ?? 0),
        })),
        window.first,
        window.last,
        { capture: 0, collection: 0, gatheredBytes: 0 },
      ),
    };
  },
});

export type CheckerDashboardService = ReturnType<typeof createCheckerDashboardService>;
