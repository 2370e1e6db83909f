import { useQuery } from "@tanstack/react-query";
import { listSecurityEventAccounts } from "@vrf/contract/security-events/accounts.ts";
import { call } from "../../../lib/api-client.ts";
import { securityEventKeys } from "./query-keys.ts";

/** The organisation's accounts, for the user filter; they change rarely. */
export const useSecurityEventAccounts = () =>
  useQuery({
    queryKey: securityEventKeys.accounts(),
    queryFn: ({ signal }) => call(listSecurityEventAccounts, {}, { silent: true, signal }),
    staleTime: 5 * 60_000,
  });
