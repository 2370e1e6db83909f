import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { RequestOf } from "@vrf/contract/endpoint.ts";
import { createProject } from "@vrf/contract/projects/project-write.ts";
import { call } from "../../../lib/api-client.ts";
import { projectKeys } from "./query-keys.ts";

export const useCreateProject = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RequestOf<typeof createProject>) => call(createProject, input, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.all }),
  });
};
