import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { RequestOf } from "@vrf/contract/endpoint.ts";
import { listProjectFaults } from "@vrf/contract/projects/project-detail.ts";
import { call } from "../../../lib/api-client.ts";
import { projectKeys } from "./query-keys.ts";

export const useProjectFaults = (params: RequestOf<typeof listProjectFaults>) =>
  useQuery({
    queryKey: projectKeys.faults(params),
    queryFn: ({ signal }) => call(listProjectFaults, params, { silent: true, signal }),
    placeholderData: keepPreviousData,
  });
