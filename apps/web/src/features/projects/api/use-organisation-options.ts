import { useQuery } from "@tanstack/react-query";
import { listOrganisationOptions } from "@vrf/contract/distributor/options.ts";
import { call } from "../../../lib/api-client.ts";

/** The caller's own organisation and its associated sub-distributors, for the distributor filter. */
export const useOrganisationOptions = () =>
  useQuery({
    queryKey: ["distributor", "organisation-options"],
    queryFn: async () => (await call(listOrganisationOptions, {}, { silent: true })).list,
    staleTime: 60_000,
  });
