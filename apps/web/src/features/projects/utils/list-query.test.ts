import { describe, expect, it } from "vitest";
import { listQueryToParams, parseListQuery, withFilters } from "./list-query.ts";

describe("project list address", () => {
  it("round-trips filters, sort and paging", () => {
    const query = {
      pageNum: 3,
      pageSize: 50,
      keyword: "Harbour",
      countryCode: "DE",
      cityCode: "DE-BER",
      organisationId: 7,
      alarmState: "alarm" as const,
      sort: "name" as const,
      order: "descend" as const,
    };
    expect(parseListQuery(listQueryToParams(query))).toEqual(query);
  });

  it("falls back to defaults for malformed values and keeps a plain list plain", () => {
    const parsed = parseListQuery(
      new URLSearchParams("page=-1&pageSize=7&alarm=maybe&sort=password&order=ascend&distributor=x&city=DE-BER"),
    );
    expect(parsed).toEqual({ pageNum: 1, pageSize: 20 });
    expect(listQueryToParams(parsed).toString()).toBe("");
  });

  it("starts at page one when a filter changes and drops the city with its country", () => {
    const query = { pageNum: 4, pageSize: 20, countryCode: "DE", cityCode: "DE-BER", keyword: "x" };
    expect(withFilters(query, { countryCode: "CN" })).toEqual({
      pageNum: 1,
      pageSize: 20,
      countryCode: "CN",
      keyword: "x",
    });
    expect(withFilters(query, { keyword: "" })).toEqual({
      pageNum: 1,
      pageSize: 20,
      countryCode: "DE",
      cityCode: "DE-BER",
    });
  });
});
