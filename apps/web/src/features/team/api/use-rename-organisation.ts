import { useMutation, useQueryClient } from "@tanstack/react-query";
import { renameTeamOrganisation } from "@vrf/contract/team/team.ts";
import { call } from "../../../lib/api-client.ts";
import { TEAM_KEY } from "./query-keys.ts";

export const useRenameOrganisation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => call(renameTeamOrganisation, { name }, { silent: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: TEAM_KEY }),
  });
};
