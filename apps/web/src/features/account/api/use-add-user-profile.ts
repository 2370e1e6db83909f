import { useMutation, useQueryClient } from "@tanstack/react-query";
import { addUserProfile } from "@vrf/contract/account/profile.ts";
import type { RequestOf } from "@vrf/contract/endpoint.ts";
import { call } from "../../../lib/api-client.ts";
import { USER_PROFILE_KEY } from "./use-user-profile.ts";

export const useAddUserProfile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RequestOf<typeof addUserProfile>) => call(addUserProfile, input, { silent: true }),
    onSuccess: (profile) => queryClient.setQueryData(USER_PROFILE_KEY, profile),
  });
};
