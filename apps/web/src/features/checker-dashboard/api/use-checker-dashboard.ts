import { useQuery } from "@tanstack/react-query";
import { getCheckerDashboard } from "@vrf/contract/hi-checker/dashboard.ts";
import { call } from "../../../lib/api-client.ts";
import type { LiveKeyMap } from "../../../lib/device-events.ts";
import { utcOffsetMinutes } from "../utils/figures.ts";

const DASHBOARD_KEY = ["checker-dashboard"] as const;

/**
 * A checker going on- or offline (or into a task and out of it) and a task starting, moving on
 * (frames and reports gathered) or ending change the figures; each refreshes them at most once a
 * second (lib/use-device-events.ts).
 */
export const CHECKER_DASHBOARD_LIVE: LiveKeyMap = { deviceState: [DASHBOARD_KEY], task: [DASHBOARD_KEY] };

/** The Hi-Checker home's figures over the viewer's last 30 days; refreshed when the user comes back to the tab. */
export const useCheckerDashboard = () =>
  useQuery({
    queryKey: DASHBOARD_KEY,
    queryFn: ({ signal }) =>
      call(getCheckerDashboard, { utcOffsetMinutes: utcOffsetMinutes() }, { signal, silent: true }),
    refetchOnWindowFocus: true,
    staleTime: 30_000,
  });
