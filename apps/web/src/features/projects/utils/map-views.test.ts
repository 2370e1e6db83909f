import type { TRegion } from "@vrf/contract/basic/language.ts";
import { describe, expect, it } from "vitest";
import { PLACE_ZOOM, placeView, regionView } from "./map-views.ts";

const regions: TRegion[] = [
  {
    code: "DE",
    name: "Germany",
    centre: { latitude: 51.37, longitude: 10.45, zoom: 5 },
    children: [
      { code: "DE-BER", name: "Berlin", centre: { latitude: 52.52, longitude: 13.405, zoom: 11 } },
      { code: "DE-XYZ", name: "A town without a centre" },
    ],
  },
  { code: "XX", name: "A country without a centre", children: [{ code: "XX-A", name: "Its city" }] },
];

describe("map views", () => {
  it("looks at the chosen city, else its country, else nowhere new", () => {
    expect(regionView(regions, "DE", "DE-BER")).toEqual({
      kind: "centre",
      latitude: 52.52,
      longitude: 13.405,
      zoom: 11,
    });
    expect(regionView(regions, "DE", undefined)).toEqual({
      kind: "centre",
      latitude: 51.37,
      longitude: 10.45,
      zoom: 5,
    });
    expect(regionView(regions, "DE", "DE-XYZ")).toEqual({ kind: "centre", latitude: 51.37, longitude: 10.45, zoom: 5 });
    expect(regionView(regions, "XX", "XX-A")).toBeNull();
    expect(regionView(regions, undefined, undefined)).toBeNull();
    expect(regionView(undefined, "DE", "DE-BER")).toBeNull();
    // A city code of another country is not that country's city.
    expect(regionView(regions, "XX", "DE-BER")).toBeNull();
  });

  it("fits a found place's extent, or shows a point at street level", () => {
    const city = { label: "Berlin", latitude: 52.52, longitude: 13.4, bounds: [52.34, 13.09, 52.68, 13.76] as const };
    expect(placeView({ ...city, bounds: [...city.bounds] })).toEqual({
      kind: "bounds",
      south: 52.34,
      west: 13.09,
      north: 52.68,
      east: 13.76,
    });
    const house = { label: "Friedrichstraße 100", latitude: 52.5208, longitude: 13.3883 };
    expect(placeView({ ...house, bounds: [52.5207, 13.3882, 52.5209, 13.3884] })).toEqual({
      kind: "centre",
      latitude: 52.5208,
      longitude: 13.3883,
      zoom: PLACE_ZOOM,
    });
    expect(placeView({ ...house, bounds: null })).toMatchObject({ kind: "centre", zoom: PLACE_ZOOM });
  });
});
