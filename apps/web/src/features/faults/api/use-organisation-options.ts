import { useQuery } from "@tanstack/react-query";
import { listOrganisationOptions } from "@vrf/contract/distributor/options.ts";
import { call } from "../../../lib/api-client.ts";

/** The caller's own organisation and the sub-distributors it may see. */
export const useOrganisationOptions = () =>
  useQuery({
    queryKey: ["faults", "organisation-options"],
    queryFn: ({ signal }) => call(listOrganisationOptions, {}, { signal, silent: true }),
    select: (data) => data.list,
    staleTime: 60_000,
  });
