import { useQueryClient } from "@tanstack/react-query";
import { selectRemember } from "@vrf/contract/module/session.ts";
import { useCallback } from "react";
import { call } from "../../../lib/api-client.ts";

/** The remembered module choice, read once right after sign-in. */
export const useFetchSelectRemember = () => {
  const queryClient = useQueryClient();
  return useCallback(
    (customerId: string) =>
      queryClient.fetchQuery({
        queryKey: ["select-remember", customerId],
        queryFn: () => call(selectRemember, { customerId }, { silent: true }),
        staleTime: 0,
      }),
    [queryClient],
  );
};
