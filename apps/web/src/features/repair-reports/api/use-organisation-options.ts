import { useQuery } from "@tanstack/react-query";
import { listOrganisationOptions } from "@vrf/contract/distributor/options.ts";
import { call } from "../../../lib/api-client.ts";

/** The caller's own organisation and the sub-distributors associated under it. */
export const useOrganisationOptions = () =>
  useQuery({
    queryKey: ["repair-reports", "organisation-options"],
    queryFn: ({ signal }) => call(listOrganisationOptions, {}, { silent: true, signal }),
    staleTime: 5 * 60_000,
  });
