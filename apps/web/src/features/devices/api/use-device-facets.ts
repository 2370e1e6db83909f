import { useQuery } from "@tanstack/react-query";
import { listDeviceFacets } from "@vrf/contract/devices/controllers.ts";
import type { RequestOf } from "@vrf/contract/endpoint.ts";
import { call } from "../../../lib/api-client.ts";
import { deviceKeys } from "./query-keys.ts";

export const useDeviceFacets = (kind: RequestOf<typeof listDeviceFacets>["kind"]) =>
  useQuery({
    queryKey: deviceKeys.facets(kind),
    queryFn: ({ signal }) => call(listDeviceFacets, { kind }, { silent: true, signal }),
    staleTime: 5 * 60_000,
  });
