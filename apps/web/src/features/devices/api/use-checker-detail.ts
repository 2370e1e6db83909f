import { useQuery } from "@tanstack/react-query";
import { getCheckerDetail } from "@vrf/contract/devices/checkers.ts";
import { call } from "../../../lib/api-client.ts";

export const checkerDetailKey = (id: number | null) => ["devices", "checker", id] as const;

export const useCheckerDetail = (id: number | null) =>
  useQuery({
    queryKey: checkerDetailKey(id),
    queryFn: ({ signal }) => call(getCheckerDetail, { id: id as number }, { silent: true, signal }),
    enabled: id !== null,
    retry: false,
  });
