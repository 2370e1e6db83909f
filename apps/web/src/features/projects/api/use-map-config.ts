import { useQuery } from "@tanstack/react-query";
import { getMapConfig } from "@vrf/contract/projects/project-map.ts";
import { call } from "../../../lib/api-client.ts";

export const useMapConfig = () =>
  useQuery({
    queryKey: ["projects", "map-config"],
    queryFn: () => call(getMapConfig, {}, { silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });
