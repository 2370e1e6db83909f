import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { listOrganisationOptions, listProjectOptions } from "@vrf/contract/distributor/options.ts";
import { call } from "./api-client.ts";

/**
 * The Distributor Cloud pick lists every list page filters by. One query key
 * each, so all pages share the cache (and a sub-distributor release that marks
 * queries stale refreshes them everywhere).
 */
const OPTIONS_KEY = ["distributor-options"] as const;

/**
 * The caller's own organisation and the sub-distributors associated under it right now.
 * `enabled: false` on pages of the Hi-Checker module, whose sessions do not reach these calls.
 */
export const useOrganisationOptions = (enabled = true) =>
  useQuery({
    queryKey: [...OPTIONS_KEY, "organisations"],
    queryFn: ({ signal }) => call(listOrganisationOptions, {}, { silent: true, signal }),
    select: (data) => data.list,
    staleTime: 60_000,
    enabled,
  });

/** Whether whose-record-is-it columns and filters are worth showing. */
export const useHasSubDistributors = (enabled = true): boolean =>
  (useOrganisationOptions(enabled).data?.length ?? 0) > 1;

/** Projects matching what the user typed (name or project ID), searched on the server. */
export const useProjectOptions = (keyword: string) =>
  useQuery({
    queryKey: [...OPTIONS_KEY, "projects", keyword],
    queryFn: ({ signal }) =>
      call(listProjectOptions, keyword ? { keyword, limit: 50 } : { limit: 50 }, { silent: true, signal }),
    select: (data) => data.list,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
