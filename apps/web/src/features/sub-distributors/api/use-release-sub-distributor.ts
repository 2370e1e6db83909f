import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { RequestOf } from "@vrf/contract/endpoint.ts";
import { releaseSubDistributor } from "@vrf/contract/sub-distributors/sub-distributors.ts";
import { call } from "../../../lib/api-client.ts";

/**
 * Releasing takes the child's projects, devices and reports out of the caller's scope:
 * every cached query is marked stale, not only this feature's, so no other page shows them.
 */
export const useReleaseSubDistributor = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RequestOf<typeof releaseSubDistributor>) =>
      call(releaseSubDistributor, input, { silent: true }),
    onSettled: () => queryClient.invalidateQueries(),
  });
};
