import { useQuery } from "@tanstack/react-query";
import { getCheckerDetail } from "@vrf/contract/devices/checkers.ts";
import { call } from "../../../lib/api-client.ts";
import { deviceKeys } from "./query-keys.ts";

export const useCheckerDetail = (id: number | null) =>
  useQuery({
    queryKey: deviceKeys.checkerDetail(id),
    queryFn: ({ signal }) => call(getCheckerDetail, { id: id as number }, { silent: true, signal }),
    enabled: id !== null,
    retry: false,
  });
