import { useQuery } from "@tanstack/react-query";
import { getAgencyDashboard } from "@vrf/contract/agency/dashboard.ts";
import dayjs from "dayjs";
import { call } from "../../../lib/api-client.ts";

/** The home page's counts; refreshed when the user comes back to the tab. */
export const useAgencyDashboard = () =>
  useQuery({
    queryKey: ["agency", "dashboard"],
    queryFn: ({ signal }) =>
      call(getAgencyDashboard, { utcOffsetMinutes: dayjs().utcOffset() }, { signal, silent: true }),
    refetchOnWindowFocus: true,
    staleTime: 30_000,
  });
