import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { RequestOf } from "@vrf/contract/endpoint.ts";
import { addSubDistributor } from "@vrf/contract/sub-distributors/sub-distributors.ts";
import { call } from "../../../lib/api-client.ts";
import { SUB_DISTRIBUTORS_KEY } from "./query-keys.ts";

export const useAddSubDistributor = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RequestOf<typeof addSubDistributor>) => call(addSubDistributor, input, { silent: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SUB_DISTRIBUTORS_KEY }),
  });
};
