import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { RequestOf } from "@vrf/contract/endpoint.ts";
import { setSelectRemember } from "@vrf/contract/module/session.ts";
import { call } from "../../../lib/api-client.ts";

export const useSetSelectRemember = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RequestOf<typeof setSelectRemember>) => call(setSelectRemember, input, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["select-remember"] }),
  });
};
