import { useQuery } from "@tanstack/react-query";
import { listHiCheckerIndoorUnits, listHiCheckerOutdoorUnits } from "@vrf/contract/hi-checker/units.ts";
import { call } from "../../../lib/api-client.ts";
import { checkerTaskKeys } from "./query-keys.ts";

/** A page of the API's largest: a checker's system rarely has more units. */
const UNITS = 200;

/** The outdoor and indoor units of a task's checker, for the unit choices of its pages. */
export const useCheckerUnits = (deviceId: number | null) =>
  useQuery({
    queryKey: checkerTaskKeys.units(deviceId ?? 0),
    queryFn: async ({ signal }) => {
      const request = { deviceId: deviceId as number, pageNum: 1, pageSize: UNITS };
      const [outdoor, indoor] = await Promise.all([
        call(
          listHiCheckerOutdoorUnits,
          { ...request, sort: "systemNumber", order: "ascend" },
          { silent: true, signal },
        ),
        call(listHiCheckerIndoorUnits, { ...request, sort: "systemNumber", order: "ascend" }, { silent: true, signal }),
      ]);
      return { outdoor: outdoor.list, indoor: indoor.list };
    },
    enabled: deviceId !== null,
    retry: false,
  });
