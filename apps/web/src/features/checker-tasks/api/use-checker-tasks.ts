import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { listHiCheckerTasks } from "@vrf/contract/hi-checker/tasks.ts";
import { call } from "../../../lib/api-client.ts";
import type { TaskListKind, TTaskListRequest } from "../utils/list-query.ts";
import { checkerTaskKeys } from "./query-keys.ts";

/** One page of the open or the ended tasks; the previous page stays on screen while the next loads. */
export const useCheckerTasks = (list: TaskListKind, request: TTaskListRequest) =>
  useQuery({
    queryKey: checkerTaskKeys.list(list, request),
    queryFn: ({ signal }) => call(listHiCheckerTasks, request, { silent: true, signal }),
    placeholderData: keepPreviousData,
  });
