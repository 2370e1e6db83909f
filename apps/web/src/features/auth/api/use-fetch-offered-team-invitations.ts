import { useMutation } from "@tanstack/react-query";
import { call } from "../../../lib/api-client.ts";

/**
 * After the sign-in: the team invitations addressed to the account (fetched once, on demand).
 * The team contract (its schemas) loads with the call, not with the sign-in page.
 */
export const useFetchOfferedTeamInvitations = () =>
  useMutation({
    mutationFn: async () => {
      const { listOfferedTeamInvitations } = await import("@vrf/contract/team/join.ts");
      return call(listOfferedTeamInvitations, {}, { silent: true });
    },
  }).mutateAsync;
