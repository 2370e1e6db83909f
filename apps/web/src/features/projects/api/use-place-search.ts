import { useQuery } from "@tanstack/react-query";
import { searchPlaces } from "@vrf/contract/projects/place-search.ts";
import { call } from "../../../lib/api-client.ts";

export interface PlaceQuery {
  q: string;
  countryCode?: string | undefined;
}

/**
 * The places found for a submitted search (null: nothing submitted). Asked once per search the
 * user sends, never while typing: public geocoders forbid searching on every keystroke.
 */
export const usePlaceSearch = (query: PlaceQuery | null) =>
  useQuery({
    queryKey: ["projects", "place-search", query],
    queryFn: ({ signal }) =>
      call(
        searchPlaces,
        { q: query?.q ?? "", ...(query?.countryCode ? { countryCode: query.countryCode } : {}) },
        { silent: true, signal },
      ),
    enabled: query !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
