import { useMutation, useQueryClient } from "@tanstack/react-query";
import { updatePaTos } from "@vrf/contract/account/privacy.ts";
import { call } from "../../../lib/api-client.ts";

export const useAcceptPrivacyAgreement = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: number) => call(updatePaTos, { version }, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["privacy-acceptance"] }),
  });
};
