import { useQuery } from "@tanstack/react-query";
import { getTeamOrganisation } from "@vrf/contract/team/team.ts";
import { call } from "../../../lib/api-client.ts";
import { teamKeys } from "./query-keys.ts";

export const useTeamOrganisation = () =>
  useQuery({
    queryKey: teamKeys.organisation(),
    queryFn: ({ signal }) => call(getTeamOrganisation, {}, { silent: true, signal }),
  });
