import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { RequestOf } from "@vrf/contract/endpoint.ts";
import { deleteSubDistributor } from "@vrf/contract/sub-distributors/sub-distributors.ts";
import { call } from "../../../lib/api-client.ts";
import { SUB_DISTRIBUTORS_KEY } from "./query-keys.ts";

export const useDeleteSubDistributor = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RequestOf<typeof deleteSubDistributor>) => call(deleteSubDistributor, input, { silent: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SUB_DISTRIBUTORS_KEY }),
  });
};
