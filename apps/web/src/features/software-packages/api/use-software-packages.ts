import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { listSoftwarePackages, type TPackageListRequest } from "@vrf/contract/hi-checker/software-packages.ts";
import { call } from "../../../lib/api-client.ts";
import { packageKeys } from "./query-keys.ts";

/** One page of the organisation's packages; the previous page stays on screen while the next loads. */
export const useSoftwarePackages = (request: TPackageListRequest) =>
  useQuery({
    queryKey: packageKeys.list(request),
    queryFn: ({ signal }) => call(listSoftwarePackages, request, { silent: true, signal }),
    placeholderData: keepPreviousData,
  });
