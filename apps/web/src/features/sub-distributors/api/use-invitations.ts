import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { listInvitations } from "@vrf/contract/sub-distributors/invitations.ts";
import { call } from "../../../lib/api-client.ts";
import { subDistributorKeys } from "./query-keys.ts";

export const useInvitations = (pageNum: number, pageSize: number) =>
  useQuery({
    queryKey: subDistributorKeys.invitations({ pageNum, pageSize }),
    queryFn: ({ signal }) => call(listInvitations, { pageNum, pageSize }, { silent: true, signal }),
    placeholderData: keepPreviousData,
  });
