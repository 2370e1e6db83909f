import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { listTeamMembers } from "@vrf/contract/team/team.ts";
import { call } from "../../../lib/api-client.ts";
import { teamKeys } from "./query-keys.ts";

/** One page of the organisation's members; the previous page stays on screen while the next loads. */
export const useTeamMembers = (request: { pageNum: number; pageSize: number }) =>
  useQuery({
    queryKey: teamKeys.members(request),
    queryFn: ({ signal }) => call(listTeamMembers, request, { silent: true, signal }),
    placeholderData: keepPreviousData,
  });
