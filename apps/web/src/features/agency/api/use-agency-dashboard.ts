import { useQuery } from "@tanstack/react-query";
import { getAgencyDashboard } from "@vrf/contract/agency/dashboard.ts";
import { call } from "../../../lib/api-client.ts";
import type { LiveKeyMap } from "../../../lib/device-events.ts";

const DASHBOARD_KEY = ["agency", "dashboard"] as const;

/**
 * The browser's offset from UTC now, in minutes, rounded to a quarter hour as dayjs's
 * `utcOffset()` does: without dayjs, which the dashboard's first load would fetch for this alone.
 */
const utcOffsetMinutes = (): number => -Math.round(new Date().getTimezoneOffset() / 15) * 15;

/** Devices going on- or offline and faults raised or repaired change the dashboard's figures. */
export const AGENCY_LIVE: LiveKeyMap = { deviceState: [DASHBOARD_KEY], faults: [DASHBOARD_KEY] };

/** The home page's counts; refreshed when the user comes back to the tab. */
export const useAgencyDashboard = () =>
  useQuery({
    queryKey: DASHBOARD_KEY,
    queryFn: ({ signal }) =>
      call(getAgencyDashboard, { utcOffsetMinutes: utcOffsetMinutes() }, { signal, silent: true }),
    refetchOnWindowFocus: true,
    staleTime: 30_000,
  });
