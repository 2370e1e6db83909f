import { useQuery } from "@tanstack/react-query";
import { selectRemember } from "@vrf/contract/module/session.ts";
import { call } from "../../../lib/api-client.ts";

export const selectRememberKey = (customerId: string) => ["select-remember", customerId] as const;

export const useSelectRemember = (customerId: string | null) =>
  useQuery({
    queryKey: selectRememberKey(customerId ?? ""),
    queryFn: () => call(selectRemember, { customerId: customerId ?? "" }, { silent: true }),
    enabled: Boolean(customerId),
  });
