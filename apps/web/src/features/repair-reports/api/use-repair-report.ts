import { useQuery } from "@tanstack/react-query";
import { getRepairReport } from "@vrf/contract/repair-reports/detail.ts";
import { call } from "../../../lib/api-client.ts";
import { REPAIR_REPORTS_KEY } from "./use-repair-reports.ts";

export const repairReportKey = (id: number) => [...REPAIR_REPORTS_KEY, "detail", id] as const;

export const useRepairReport = (id: number | null) =>
  useQuery({
    queryKey: repairReportKey(id ?? 0),
    queryFn: ({ signal }) => call(getRepairReport, { id: id as number }, { silent: true, signal }),
    enabled: id !== null,
  });
