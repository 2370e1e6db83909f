import { describe, expect, it } from "vitest";
import { hasFilters, NO_FILTERS, pageOf, toFilterRequest } from "./list-query.ts";

describe("client error list query", () => {
  it("sends only the filters that are set, days as the viewer's local day bounds", () => {
    expect(toFilterRequest(NO_FILTERS)).toEqual({});
    expect(hasFilters(NO_FILTERS)).toBe(false);
    const filters = { kinds: ["boundary" as const], fromDate: "2026-03-01", toDate: "2026-03-02" };
    expect(hasFilters(filters)).toBe(true);
    const request = toFilterRequest(filters);
    expect(request.kinds).toEqual(["boundary"]);
    expect(new Date(request.from ?? "").getTime()).toBe(new Date(2026, 2, 1).getTime());
    // The last day is included: the range ends at the start of the day after it.
    expect(new Date(request.to ?? "").getTime()).toBe(new Date(2026, 2, 3).getTime());
  });

  it("names the page by its hash route", () => {
    expect(pageOf("http://vrf.test/#/platformCenter/clientErrors?x=1")).toBe("/platformCenter/clientErrors?x=1");
    expect(pageOf("http://vrf.test/index.html")).toBe("/index.html");
    expect(pageOf("not a url")).toBe("not a url");
  });
});
