import { useQuery } from "@tanstack/react-query";
import { getUserProfile } from "@vrf/contract/account/profile.ts";
import { Errors } from "@vrf/contract/errors.ts";
import { call } from "../../../lib/api-client.ts";
import { ApiError } from "../../../lib/api-error.ts";

export const USER_PROFILE_KEY = ["user-profile"] as const;

/** The profile, or `null` when the user has not created one yet (611706 is a state, not a failure). */
export const useUserProfile = () =>
  useQuery({
    queryKey: USER_PROFILE_KEY,
    queryFn: async () => {
      try {
        return await call(getUserProfile, {}, { silent: true });
      } catch (error) {
        if (error instanceof ApiError && error.errorCode === Errors.profileMissing.errorCode) return null;
        throw error;
      }
    },
  });
