import type { LanguageCode } from "@vrf/contract/constants.ts";
import { Errors } from "@vrf/contract/errors.ts";
import { PLACE_RESULTS_MAX, type TPlace } from "@vrf/contract/projects/place-search.ts";
import { AppError } from "../../app-error.ts";
import type { Clock } from "../../clock.ts";
import type { Limiter } from "../../rate/limiter.ts";
import type { Caller } from "../session/session.service.ts";
import { createNominatimClient, GeocoderError } from "./nominatim-client.ts";

/** Searches per account and minute: a person looking for addresses, not a script. */
export const PLACE_SEARCHES_PER_MINUTE = 20;
const TIMEOUT_MS = 8_000;
/** Places do not move: an answer is kept a day (Nominatim's policy asks clients to cache). */
const CACHE_MS = 24 * 60 * 60 * 1000;
const CACHE_ENTRIES = 1000;

interface Log {
  warn(details: object, message: string): void;
}

export interface PlaceSearchDeps {
  /** GEOCODER_URL; without it the search is not offered. */
  geocoderUrl: string | undefined;
  publicUrl: string | undefined;
  limiter: Limiter;
  clock: Clock;
}

export const createPlaceSearchService = (deps: PlaceSearchDeps) => {
  const baseUrl = deps.geocoderUrl?.trim() || null;
  const client = baseUrl
    ? createNominatimClient({
        baseUrl,
        userAgent: `VRF-Cloud/1.0 (+${deps.publicUrl ?? "self-hosted"})`,
        timeoutMs: TIMEOUT_MS,
      })
    : null;
  // Oldest first (Map order), so the first key is the one to drop when full.
  const answers = new Map<string, { places: TPlace[]; until: number }>();

  return {
    enabled: client !== null,

    async search(
      caller: Caller,
      input: { q: string; countryCode?: string | undefined },
      language: LanguageCode,
      log: Log,
    ): Promise<{ places: TPlace[] }> {
      if (!client) throw new AppError(Errors.routeNotFound);
      const limit = await deps.limiter.hit(
        `place-search:account:${caller.accountId}`,
        PLACE_SEARCHES_PER_MINUTE,
        60_000,
      );
      if (!limit.allowed) throw new AppError(Errors.tooManyRequests, { retryAfterSeconds: limit.retryAfterSeconds });

      const now = deps.clock.now().getTime();
      const key = JSON.stringify([language, input.countryCode?.toUpperCase() ?? "", input.q.toLowerCase()]);
      const kept = answers.get(key);
      if (kept && kept.until > now) return { places: kept.places };

      try {
        const found = await client.search({
          q: input.q,
          countryCode: input.countryCode,
          language,
          limit: PLACE_RESULTS_MAX,
        });
        const places = found.slice(0, PLACE_RESULTS_MAX);
        answers.delete(key);
        if (answers.size >= CACHE_ENTRIES) answers.delete(answers.keys().next().value as string);
        answers.set(key, { places, until: now + CACHE_MS });
        return { places };
      } catch (error) {
        if (!(error instanceof GeocoderError)) throw error;
        log.warn({ reason: error.message }, "place search: the geocoder did not answer");
        // No code of its own yet: the catalogue's "briefly unavailable" says what the user needs to know.
        throw new AppError(error.kind === "throttled" ? Errors.tooManyRequests : Errors.databaseUnavailable);
      }
    },
  };
};

export type PlaceSearchService = ReturnType<typeof createPlaceSearchService>;
