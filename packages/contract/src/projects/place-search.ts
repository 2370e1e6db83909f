import { z } from "zod";
import { defineEndpoint } from "../endpoint.ts";
import { ZText } from "../rules.ts";

/** A place search's text: an address, a street, a building's or a town's name. */
export const PLACE_QUERY_MIN = 2;
export const PLACE_QUERY_MAX = 200;
/** How many places one search answers. */
export const PLACE_RESULTS_MAX = 8;

export const ZPlace = z.object({
  /** The place's full name as the geocoder writes it, in the caller's language where it has one. */
  label: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  /** The place's extent as south, west, north, east (a city is large, a house small); null if unknown. */
  bounds: z.tuple([z.number(), z.number(), z.number(), z.number()]).nullable(),
});
export type TPlace = z.output<typeof ZPlace>;

/**
 * Finds places by name through the deployment's geocoder (`GEOCODER_URL`, Nominatim's search API),
 * which the server calls on the caller's behalf: the browser may only talk to the portal, and the
 * server identifies itself, keeps answers and limits how often each account asks, as public
 * geocoders require. `countryCode` (ISO 3166-1 alpha-2, the form's country) keeps the answer
 * inside one country. Offered only where `getMapConfig` says `placeSearch`; elsewhere it answers
 * `routeNotFound`.
 */
export const searchPlaces = defineEndpoint({
  method: "GET",
  path: "/hmt-web/distributor/project/place_search",
  request: z.object({
    q: ZText(PLACE_QUERY_MAX).min(PLACE_QUERY_MIN, { message: "tooShort" }),
    countryCode: ZText(2)
      .regex(/^[A-Za-z]{2}$/, { message: "countryCode" })
      .optional(),
  }),
  response: z.object({ places: z.array(ZPlace).max(PLACE_RESULTS_MAX) }),
});
