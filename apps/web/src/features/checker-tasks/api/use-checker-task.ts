import { useQuery } from "@tanstack/react-query";
import { getHiCheckerTask } from "@vrf/contract/hi-checker/tasks.ts";
import { call } from "../../../lib/api-client.ts";
import { checkerTaskKeys } from "./query-keys.ts";

/** One task (`?taskId=`): the header of its message report or collected data. */
export const useCheckerTask = (id: string | null) =>
  useQuery({
    queryKey: checkerTaskKeys.task(id ?? ""),
    queryFn: ({ signal }) => call(getHiCheckerTask, { id: id as string }, { silent: true, signal }),
    enabled: id !== null,
    retry: false,
  });
