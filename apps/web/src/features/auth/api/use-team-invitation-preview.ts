import { useQuery } from "@tanstack/react-query";
import type { RequestOf } from "@vrf/contract/endpoint.ts";
import { previewTeamInvitation } from "@vrf/contract/team/join.ts";
import { call } from "../../../lib/api-client.ts";

/**
 * The organisation a sign-up joins: by the invitation link's token, or by the verified address
 * and its code. Null when nothing applies (no token, or no invitation to the address).
 */
export const useTeamInvitationPreview = (request: RequestOf<typeof previewTeamInvitation> | null) =>
  useQuery({
    queryKey: ["team-invitation-preview", request],
    queryFn: ({ signal }) =>
      request ? call(previewTeamInvitation, request, { silent: true, signal }) : Promise.resolve(null),
    enabled: request !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
