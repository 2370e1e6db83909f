import { useQuery } from "@tanstack/react-query";
import { listMapPlaceProjects } from "@vrf/contract/projects/project-map.ts";
import { call } from "../../../lib/api-client.ts";
import { projectKeys } from "./query-keys.ts";

/** The projects of one place on the map, by name (what its popup lists). */
export const useMapPlaceProjects = (ids: readonly number[]) =>
  useQuery({
    queryKey: projectKeys.mapPlace(ids),
    queryFn: ({ signal }) => call(listMapPlaceProjects, { ids: ids.join(",") }, { silent: true, signal }),
    retry: false,
  });
