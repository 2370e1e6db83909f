import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { RequestOf } from "@vrf/contract/endpoint.ts";
import {
  decodeMapPoints,
  listProjectMapPoints,
  type TProjectMapPoint,
  type TProjectMapPoints,
} from "@vrf/contract/projects/project-map.ts";
import { call } from "../../../lib/api-client.ts";
import { projectKeys } from "./query-keys.ts";

export interface ProjectMapPoints {
  /** In id order, positions in degrees. */
  points: TProjectMapPoint[];
  unlocated: number;
}

// Module-level, so the query keeps its result per answer: the columns are decoded once when an
// answer arrives (or becomes the placeholder of new filters), not on every render.
const decode = (answer: TProjectMapPoints): ProjectMapPoints => ({
  points: decodeMapPoints(answer),
  unlocated: answer.unlocated,
});

/** The map's points for the filters; the answer's columns (ZProjectMapPoints) come decoded. */
export const useProjectMapPoints = (params: RequestOf<typeof listProjectMapPoints>) =>
  useQuery({
    queryKey: projectKeys.mapPoints(params),
    queryFn: ({ signal }) => call(listProjectMapPoints, params, { silent: true, signal }),
    select: decode,
    placeholderData: keepPreviousData,
  });
