import { useMutation, useQueryClient } from "@tanstack/react-query";
import { updateChecker } from "@vrf/contract/devices/checkers.ts";
import type { RequestOf } from "@vrf/contract/endpoint.ts";
import { call } from "../../../lib/api-client.ts";
import { deviceKeys } from "./query-keys.ts";

export const useUpdateChecker = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RequestOf<typeof updateChecker>) => call(updateChecker, input, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.all }),
  });
};
