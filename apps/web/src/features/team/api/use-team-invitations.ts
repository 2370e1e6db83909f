import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { listTeamInvitations } from "@vrf/contract/team/team.ts";
import { call } from "../../../lib/api-client.ts";
import { teamKeys } from "./query-keys.ts";

/** One page of the open invitations, newest first. */
export const useTeamInvitations = (request: { pageNum: number; pageSize: number }) =>
  useQuery({
    queryKey: teamKeys.invitations(request),
    queryFn: ({ signal }) => call(listTeamInvitations, request, { silent: true, signal }),
    placeholderData: keepPreviousData,
  });
