import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { RequestOf } from "@vrf/contract/endpoint.ts";
import { returnInvitation } from "@vrf/contract/sub-distributors/invitations.ts";
import { call } from "../../../lib/api-client.ts";
import { SUB_DISTRIBUTORS_KEY } from "./query-keys.ts";

export const useReturnInvitation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RequestOf<typeof returnInvitation>) => call(returnInvitation, input, { silent: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SUB_DISTRIBUTORS_KEY }),
  });
};
