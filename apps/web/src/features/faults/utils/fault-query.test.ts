import dayjs from "dayjs";
import { describe, expect, it } from "vitest";
import { hasFilters, offeredFilters, parseFaultQuery, parseTab, toApiFilters, toSearchParams } from "./fault-query.ts";

describe("fault analysis address", () => {
  it("reads filters, paging and sort from the address", () => {
    const state = parseFaultQuery(
      new URLSearchParams(
        "deviceId=12&code=e01&state=open&from=2026-02-01&to=2026-02-10&pageNum=3&pageSize=50&sort=code&order=ascend",
      ),
    );
    expect(state).toEqual({
      filters: { deviceId: 12, code: "E01", state: "open", from: "2026-02-01", to: "2026-02-10" },
      pageNum: 3,
      pageSize: 50,
      sort: "code",
      order: "ascend",
    });
  });

  it("leaves out whatever is malformed and swaps a reversed range", () => {
    const state = parseFaultQuery(
      new URLSearchParams(
        "deviceId=-4&projectId=abc&code=E 01;&state=broken&from=2026-03-05&to=2026-03-01&pageSize=7&sort=drop",
      ),
    );
    expect(state.filters).toEqual({ from: "2026-03-01", to: "2026-03-05" });
    expect(state.pageSize).toBe(20);
    expect(state.pageNum).toBe(1);
    expect(state.sort).toBeUndefined();
  });

  it("writes only what differs from the defaults, and round-trips", () => {
    const state = parseFaultQuery(new URLSearchParams("state=open&pageNum=2"));
    const params = toSearchParams(state);
    expect(params.toString()).toBe("state=open&pageNum=2");
    expect(parseFaultQuery(params)).toEqual(state);
    expect(toSearchParams(state, "catalogue").get("tab")).toBe("catalogue");
    expect(parseTab(new URLSearchParams("tab=catalogue"))).toBe("catalogue");
    expect(parseTab(new URLSearchParams("tab=other"))).toBe("records");
  });

  it("turns local days into the instants the range starts and ends at, the last day included", () => {
    const api = toApiFilters({ from: "2026-02-01", to: "2026-02-10", code: "E05" });
    expect(api.from).toBe(dayjs("2026-02-01T00:00:00").toISOString());
    expect(api.to).toBe(dayjs("2026-02-11T00:00:00").toISOString());
    expect(api.code).toBe("E05");
    expect(toApiFilters({}).from).toBeUndefined();
  });

  it("knows whether anything is filtered", () => {
    expect(hasFilters({})).toBe(false);
    expect(hasFilters({ state: "open" })).toBe(true);
  });

  it("leaves out the distributor and project where the module offers no such filters", () => {
    const filters = { organisationId: 3, projectId: 9, deviceId: 12, code: "E01", state: "open" as const };
    expect(offeredFilters(filters, true)).toBe(filters);
    expect(offeredFilters(filters, false)).toEqual({ deviceId: 12, code: "E01", state: "open" });
    expect(offeredFilters({}, false)).toEqual({});
  });
});
