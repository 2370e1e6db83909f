import { useMutation } from "@tanstack/react-query";
import { acceptTeamInvitation, declineTeamInvitation } from "@vrf/contract/team/join.ts";
import { call } from "../../../lib/api-client.ts";

export const useAcceptTeamInvitation = () =>
  useMutation({ mutationFn: (id: number) => call(acceptTeamInvitation, { id }, { silent: true }) });

export const useDeclineTeamInvitation = () =>
  useMutation({ mutationFn: (id: number) => call(declineTeamInvitation, { id }, { silent: true }) });
