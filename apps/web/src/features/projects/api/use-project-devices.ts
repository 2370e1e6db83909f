import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { RequestOf } from "@vrf/contract/endpoint.ts";
import { listProjectDevices } from "@vrf/contract/projects/project-detail.ts";
import { call } from "../../../lib/api-client.ts";
import { projectKeys } from "./query-keys.ts";

export const useProjectDevices = (params: RequestOf<typeof listProjectDevices>) =>
  useQuery({
    queryKey: projectKeys.devices(params),
    queryFn: ({ signal }) => call(listProjectDevices, params, { silent: true, signal }),
    placeholderData: keepPreviousData,
  });
