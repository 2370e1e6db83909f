import { useMutation } from "@tanstack/react-query";
import { handoverLogin } from "@vrf/contract/account/handover.ts";
import { call } from "../../../lib/api-client.ts";

/** The handed token goes in the call itself: nothing is stored until the server has accepted it. */
export const useHandoverLogin = () =>
  useMutation({
    mutationFn: (handedToken: string) =>
      call(handoverLogin, { accessToken: handedToken }, { silent: true, token: handedToken }),
  });
