import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { RequestOf } from "@vrf/contract/endpoint.ts";
import { releaseSubDistributor } from "@vrf/contract/sub-distributors/sub-distributors.ts";
import { call } from "../../../lib/api-client.ts";
import { SUB_DISTRIBUTORS_KEY } from "./query-keys.ts";

export const useReleaseSubDistributor = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RequestOf<typeof releaseSubDistributor>) =>
      call(releaseSubDistributor, input, { silent: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SUB_DISTRIBUTORS_KEY }),
  });
};
