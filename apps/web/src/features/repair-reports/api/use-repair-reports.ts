import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { listRepairReports, type TRepairReportListRequest } from "@vrf/contract/repair-reports/list.ts";
import { call } from "../../../lib/api-client.ts";

export const REPAIR_REPORTS_KEY = ["repair-reports"] as const;

/** One page of the list; the previous page stays on screen while the next one loads. */
export const useRepairReports = (request: TRepairReportListRequest) =>
  useQuery({
    queryKey: [...REPAIR_REPORTS_KEY, "list", request],
    queryFn: ({ signal }) => call(listRepairReports, request, { silent: true, signal }),
    placeholderData: keepPreviousData,
  });
