import { useQuery } from "@tanstack/react-query";
import { getSoftwarePackageRules } from "@vrf/contract/hi-checker/software-packages.ts";
import { call } from "../../../lib/api-client.ts";
import { packageKeys } from "./query-keys.ts";

/** Each kind's largest file on this server: its configuration, which does not change while the page is open. */
export const usePackageRules = () =>
  useQuery({
    queryKey: packageKeys.rules(),
    queryFn: ({ signal }) => call(getSoftwarePackageRules, {}, { silent: true, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
