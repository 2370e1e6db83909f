import { useQuery } from "@tanstack/react-query";
import { listOrganisationOptions } from "@vrf/contract/distributor/options.ts";
import { call } from "../../../lib/api-client.ts";

export const useOrganisationOptions = () =>
  useQuery({
    queryKey: ["devices", "organisation-options"],
    queryFn: ({ signal }) => call(listOrganisationOptions, {}, { silent: true, signal }),
    staleTime: 5 * 60_000,
  });
