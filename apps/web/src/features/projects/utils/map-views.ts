import type { TRegion } from "@vrf/contract/basic/language.ts";
import type { TPlace } from "@vrf/contract/projects/place-search.ts";

/** The closest the maps zoom in (street level). */
export const MAP_MAX_ZOOM = 18;

/** Where a map is asked to look: a centre at a zoom level, or an extent to fit. */
export type MapView =
  | { kind: "centre"; latitude: number; longitude: number; zoom: number }
  | { kind: "bounds"; south: number; west: number; north: number; east: number };

/** The whole world, as a map without anything chosen yet shows it. */
export const WORLD_VIEW: MapView = { kind: "centre", latitude: 25, longitude: 30, zoom: 2 };

/** How close a place without an extent (or with a tiny one) is shown: a street and its houses. */
export const PLACE_ZOOM = 16;

/**
 * The view of the region chosen in a form: its city when the city has a centre, else its
 * country's; null when neither has one (the map then stays where it is).
 */
export const regionView = (
  regions: readonly TRegion[] | undefined,
  countryCode: string | undefined,
  cityCode: string | undefined,
): MapView | null => {
  const country = regions?.find((r) => r.code === countryCode);
  const city = cityCode ? country?.children?.find((c) => c.code === cityCode) : undefined;
  const centre = city?.centre ?? country?.centre;
  return centre ? { kind: "centre", ...centre } : null;
};

/**
 * A found place's view: its extent (a city is shown whole), or, for a point or an extent
 * smaller than a few houses, its position at street level.
 */
export const placeView = (place: TPlace): MapView => {
  const [south, west, north, east] = place.bounds ?? [0, 0, 0, 0];
  const tiny = north - south < 0.002 && Math.abs(east - west) < 0.002;
  return place.bounds && !tiny
    ? { kind: "bounds", south, west, north, east }
    : { kind: "centre", latitude: place.latitude, longitude: place.longitude, zoom: PLACE_ZOOM };
};
