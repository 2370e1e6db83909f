import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { RequestOf } from "@vrf/contract/endpoint.ts";
import { createTeamInvitation } from "@vrf/contract/team/team.ts";
import { call } from "../../../lib/api-client.ts";
import { TEAM_KEY } from "./query-keys.ts";

export const useInviteMember = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RequestOf<typeof createTeamInvitation>) => call(createTeamInvitation, input, { silent: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: TEAM_KEY }),
  });
};
