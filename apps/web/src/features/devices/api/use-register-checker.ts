import { useMutation, useQueryClient } from "@tanstack/react-query";
import { registerChecker } from "@vrf/contract/devices/checkers.ts";
import type { RequestOf } from "@vrf/contract/endpoint.ts";
import { call } from "../../../lib/api-client.ts";
import { deviceKeys } from "./query-keys.ts";

export const useRegisterChecker = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RequestOf<typeof registerChecker>) => call(registerChecker, input, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.all }),
  });
};
