import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { listRolloutTargets } from "@vrf/contract/hi-checker/rollouts.ts";
import { call } from "../../../lib/api-client.ts";
import { rolloutKeys } from "./query-keys.ts";

/**
 * One page of a rollout's checkers, updating first. Each row gets the checker's id as its `id`:
 * the paged table keys its rows by it.
 */
export const useRolloutTargets = (rolloutId: string, page: { pageNum: number; pageSize: number }) =>
  useQuery({
    queryKey: rolloutKeys.targetPage(rolloutId, page),
    queryFn: ({ signal }) => call(listRolloutTargets, { id: rolloutId, ...page }, { silent: true, signal }),
    select: (data) => ({ ...data, list: data.list.map((target) => ({ ...target, id: target.deviceId })) }),
    placeholderData: keepPreviousData,
  });
