import { useMutation } from "@tanstack/react-query";
import { addUserProfile } from "@vrf/contract/account/profile.ts";
import type { RequestOf } from "@vrf/contract/endpoint.ts";
import { call } from "../../../lib/api-client.ts";

export const useAddUserProfile = () =>
  useMutation({
    mutationFn: (input: RequestOf<typeof addUserProfile>) => call(addUserProfile, input, { silent: true }),
  });
