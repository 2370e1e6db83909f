import { useQuery } from "@tanstack/react-query";
import { getProject } from "@vrf/contract/projects/project-detail.ts";
import { call } from "../../../lib/api-client.ts";
import { projectKeys } from "./query-keys.ts";

/** One project by id or by project ID; disabled until one of them is known. */
export const useProject = (key: { id?: number | undefined; code?: string | undefined }) =>
  useQuery({
    queryKey: projectKeys.detail(key),
    queryFn: ({ signal }) =>
      call(
        getProject,
        { ...(key.id !== undefined ? { id: key.id } : {}), ...(key.code ? { code: key.code } : {}) },
        { silent: true, signal },
      ),
    enabled: key.id !== undefined || Boolean(key.code),
    retry: false,
  });
