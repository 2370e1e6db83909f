import { useMutation, useQueryClient } from "@tanstack/react-query";
import { handleRepairReport, type THandleRepairReportRequest } from "@vrf/contract/repair-reports/handle.ts";
import { call } from "../../../lib/api-client.ts";
import { repairReportKey } from "./use-repair-report.ts";
import { REPAIR_REPORTS_KEY } from "./use-repair-reports.ts";

/** Saves one handling step; the detail shows the answer at once and every list page refetches. */
export const useHandleRepairReport = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: THandleRepairReportRequest) => call(handleRepairReport, input, { silent: true }),
    onSuccess: async (detail) => {
      queryClient.setQueryData(repairReportKey(detail.id), detail);
      await queryClient.invalidateQueries({
        queryKey: REPAIR_REPORTS_KEY,
        predicate: (query) => query.queryKey[1] === "list",
      });
    },
  });
};
