import { useMutation, useQueryClient } from "@tanstack/react-query";
import { stopHiCheckerTask } from "@vrf/contract/hi-checker/tasks.ts";
import { call } from "../../../lib/api-client.ts";
import { checkerTaskKeys } from "./query-keys.ts";

/** Sends a task's stop command; the task is `stopping` until its checker answers (a task event). */
export const useStopCheckerTask = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(stopHiCheckerTask, { id }, { silent: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: checkerTaskKeys.all }),
  });
};
