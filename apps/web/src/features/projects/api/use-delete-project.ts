import { useMutation, useQueryClient } from "@tanstack/react-query";
import { deleteProject } from "@vrf/contract/projects/project-write.ts";
import { call } from "../../../lib/api-client.ts";
import { projectKeys } from "./query-keys.ts";

export const useDeleteProject = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(deleteProject, { id }, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.all }),
  });
};
