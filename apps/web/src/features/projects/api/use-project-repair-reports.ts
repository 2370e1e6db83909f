import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { RequestOf } from "@vrf/contract/endpoint.ts";
import { listProjectRepairReports } from "@vrf/contract/projects/project-detail.ts";
import { call } from "../../../lib/api-client.ts";
import { projectKeys } from "./query-keys.ts";

export const useProjectRepairReports = (params: RequestOf<typeof listProjectRepairReports>) =>
  useQuery({
    queryKey: projectKeys.repairReports(params),
    queryFn: ({ signal }) => call(listProjectRepairReports, params, { silent: true, signal }),
    placeholderData: keepPreviousData,
  });
