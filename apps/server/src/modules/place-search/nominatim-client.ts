import type { TPlace } from "@vrf/contract/projects/place-search.ts";
import { z } from "zod";

/** Why a search found nothing to answer with: the geocoder is down or refuses us for a while. */
export class GeocoderError extends Error {
  constructor(
    readonly kind: "unavailable" | "throttled",
    reason: string,
  ) {
    super(reason);
    this.name = "GeocoderError";
  }
}

/** What the portal reads of a Nominatim `format=jsonv2` search result (the rest is ignored). */
const ZNominatimPlace = z.object({
  display_name: z.string().max(1000),
  lat: z.coerce.number().min(-90).max(90),
  lon: z.coerce.number().min(-180).max(180),
  // south, north, west, east, as strings.
  boundingbox: z.tuple([z.coerce.number(), z.coerce.number(), z.coerce.number(), z.coerce.number()]).optional(),
});

export interface PlaceQuery {
  q: string;
  countryCode?: string | undefined;
  language: string;
  limit: number;
}

export interface NominatimClientOptions {
  /** GEOCODER_URL: the service's base (`https://nominatim.example.com`) or its `/search` address. */
  baseUrl: string;
  /** Public geocoders want to know which application asks (Nominatim's usage policy). */
  userAgent: string;
  timeoutMs: number;
}

/** The search address for a query: `/search` under the base unless the base names it already. */
export const searchUrlOf = (baseUrl: string, query: PlaceQuery): URL => {
  const base = baseUrl.replace(/\/+$/, "");
  const url = new URL(/\/search$/.test(base) ? base : `${base}/search`);
  url.searchParams.set("format", "jsonv2");
  url.searchParams.set("q", query.q);
  url.searchParams.set("limit", String(query.limit));
  url.searchParams.set("accept-language", query.language);
  if (query.countryCode) url.searchParams.set("countrycodes", query.countryCode.toLowerCase());
  return url;
};

/** One Nominatim-compatible geocoder, asked over HTTP; answers are checked before they are used. */
export const createNominatimClient = (options: NominatimClientOptions) => ({
  async search(query: PlaceQuery): Promise<TPlace[]> {
    let response: Response;
    try {
      response = await fetch(searchUrlOf(options.baseUrl, query), {
        headers: { "User-Agent": options.userAgent, Accept: "application/json" },
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      throw new GeocoderError("unavailable", error instanceof Error ? error.message : String(error));
    }
    if (response.status === 429) throw new GeocoderError("throttled", "HTTP 429");
    if (!response.ok) throw new GeocoderError("unavailable", `HTTP ${response.status}`);
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      throw new GeocoderError("unavailable", "not JSON");
    }
    const parsed = z.array(z.unknown()).safeParse(body);
    if (!parsed.success) throw new GeocoderError("unavailable", "not a list of places");
    // A single odd entry is dropped, not the whole answer.
    return parsed.data.flatMap((entry) => {
      const place = ZNominatimPlace.safeParse(entry);
      if (!place.success) return [];
      const { display_name, lat, lon, boundingbox } = place.data;
      const bounds: TPlace["bounds"] = boundingbox
        ? [boundingbox[0], boundingbox[2], boundingbox[1], boundingbox[3]]
        : null;
      return [{ label: display_name, latitude: lat, longitude: lon, bounds }];
    });
  },
});

export type NominatimClient = ReturnType<typeof createNominatimClient>;
