import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { RequestOf } from "@vrf/contract/endpoint.ts";
import { listProjectMapPoints } from "@vrf/contract/projects/project-map.ts";
import { call } from "../../../lib/api-client.ts";
import { projectKeys } from "./query-keys.ts";

export const useProjectMapPoints = (params: RequestOf<typeof listProjectMapPoints>) =>
  useQuery({
    queryKey: projectKeys.mapPoints(params),
    queryFn: ({ signal }) => call(listProjectMapPoints, params, { silent: true, signal }),
    placeholderData: keepPreviousData,
  });
