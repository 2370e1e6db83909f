import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { listSecurityEvents, type TSecurityEventListRequest } from "@vrf/contract/security-events/list.ts";
import { call } from "../../../lib/api-client.ts";
import { securityEventKeys } from "./query-keys.ts";

/** One page of the organisation's security log; the previous page stays on screen while the next loads. */
export const useSecurityEvents = (request: TSecurityEventListRequest) =>
  useQuery({
    queryKey: securityEventKeys.list(request),
    queryFn: ({ signal }) => call(listSecurityEvents, request, { silent: true, signal }),
    placeholderData: keepPreviousData,
  });
