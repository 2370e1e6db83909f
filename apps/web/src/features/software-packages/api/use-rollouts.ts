import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { getRollout, listRollouts } from "@vrf/contract/hi-checker/rollouts.ts";
import { call } from "../../../lib/api-client.ts";
import { rolloutKeys } from "./query-keys.ts";

/** One page of the organisation's rollouts, newest first; the previous page stays while the next loads. */
export const useRollouts = (request: { pageNum: number; pageSize: number }) =>
  useQuery({
    queryKey: rolloutKeys.list(request),
    queryFn: ({ signal }) => call(listRollouts, request, { silent: true, signal }),
    placeholderData: keepPreviousData,
  });

/** One rollout, for its detail. */
export const useRollout = (id: string | null) =>
  useQuery({
    queryKey: rolloutKeys.one(id ?? ""),
    queryFn: ({ signal }) => call(getRollout, { id: id as string }, { silent: true, signal }),
    enabled: id !== null,
  });
