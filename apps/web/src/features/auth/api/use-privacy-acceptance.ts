import { useQueryClient } from "@tanstack/react-query";
import { checkPaTos } from "@vrf/contract/account/privacy.ts";
import { useCallback } from "react";
import { call } from "../../../lib/api-client.ts";

/** Asked once right after sign-in, so it is a fetch on demand rather than a mounted query. */
export const useFetchPrivacyAcceptance = () => {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      queryClient.fetchQuery({
        queryKey: ["privacy-acceptance"],
        queryFn: () => call(checkPaTos, {}, { silent: true }),
        staleTime: 0,
      }),
    [queryClient],
  );
};
