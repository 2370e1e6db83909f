import { useMutation, useQueryClient } from "@tanstack/react-query";
import { createHiCheckerTask, type TCreateTaskRequest } from "@vrf/contract/hi-checker/tasks.ts";
import { call } from "../../../lib/api-client.ts";
import { checkerTaskKeys } from "./query-keys.ts";

/** Creates a task and sends its start command; the task is `starting` until its checker answers. */
export const useCreateCheckerTask = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: TCreateTaskRequest) => call(createHiCheckerTask, request, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: checkerTaskKeys.all }),
  });
};
