import { useMutation, useQueryClient } from "@tanstack/react-query";
import { cancelTeamInvitation } from "@vrf/contract/team/team.ts";
import { call } from "../../../lib/api-client.ts";
import { TEAM_KEY } from "./query-keys.ts";

export const useCancelInvitation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(cancelTeamInvitation, { id }, { silent: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: TEAM_KEY }),
  });
};
