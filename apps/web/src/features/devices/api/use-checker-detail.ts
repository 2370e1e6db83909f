import { useQuery } from "@tanstack/react-query";
import { getCheckerDetail } from "@vrf/contract/devices/checkers.ts";
import { call } from "../../../lib/api-client.ts";
import type { CheckerPages } from "../utils/checker-pages.ts";
import { deviceKeys } from "./query-keys.ts";

export const useCheckerDetail = (id: number | null, endpoint: CheckerPages["detail"] = getCheckerDetail) =>
  useQuery({
    queryKey: [...deviceKeys.checkerDetail(id), endpoint.path],
    queryFn: ({ signal }) => call(endpoint, { id: id as number }, { silent: true, signal }),
    enabled: id !== null,
    retry: false,
  });
