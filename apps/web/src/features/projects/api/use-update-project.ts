import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { RequestOf } from "@vrf/contract/endpoint.ts";
import { updateProject } from "@vrf/contract/projects/project-write.ts";
import { call } from "../../../lib/api-client.ts";
import { projectKeys } from "./query-keys.ts";

export const useUpdateProject = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RequestOf<typeof updateProject>) => call(updateProject, input, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.all }),
  });
};
