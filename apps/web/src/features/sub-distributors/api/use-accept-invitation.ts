import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { RequestOf } from "@vrf/contract/endpoint.ts";
import { acceptInvitation } from "@vrf/contract/sub-distributors/invitations.ts";
import { call } from "../../../lib/api-client.ts";
import { SUB_DISTRIBUTORS_KEY } from "./query-keys.ts";

/**
 * Accepting makes the caller a sub-distributor, who may no longer read this feature's
 * endpoints: after success nothing is refetched (the page reloads the module instead).
 */
export const useAcceptInvitation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RequestOf<typeof acceptInvitation>) => call(acceptInvitation, input, { silent: true }),
    onError: () => queryClient.invalidateQueries({ queryKey: SUB_DISTRIBUTORS_KEY }),
  });
};
