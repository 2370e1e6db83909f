import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { RequestOf } from "@vrf/contract/endpoint.ts";
import { listProjects } from "@vrf/contract/projects/project-list.ts";
import { call } from "../../../lib/api-client.ts";
import { projectKeys } from "./query-keys.ts";

export const useProjects = (params: RequestOf<typeof listProjects>) =>
  useQuery({
    queryKey: projectKeys.list(params),
    queryFn: ({ signal }) => call(listProjects, params, { silent: true, signal }),
    placeholderData: keepPreviousData,
  });
