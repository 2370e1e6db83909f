import { describe, expect, it } from "vitest";
import { hasFilters, NO_FILTERS, payloadPreview, readListState, toListRequest, writeListState } from "./list-query.ts";

const read = (query: string) => readListState(new URLSearchParams(query));

describe("rejected device messages list query", () => {
  it("starts unfiltered on the first page and asks for just the page", () => {
    const state = read("");
    expect(state).toEqual({ ...NO_FILTERS, page: 1, pageSize: 20 });
    expect(hasFilters(state)).toBe(false);
    expect(toListRequest(state)).toEqual({ pageNum: 1, pageSize: 20 });
    expect(writeListState(state).toString()).toBe("");
  });

  it("reads the filters and page from the address, and writes them back the same", () => {
    const query = "serial=HM-00&topic=telemetry&topic=status&from=2026-03-01&to=2026-03-02&page=3&size=50";
    const state = read(query);
    expect(state).toEqual({
      serialNumber: "HM-00",
      // In the protocol's order.
      topics: ["status", "telemetry"],
      fromDate: "2026-03-01",
      toDate: "2026-03-02",
      page: 3,
      pageSize: 50,
    });
    expect(hasFilters(state)).toBe(true);
    expect(read(writeListState(state).toString())).toEqual(state);

    const request = toListRequest(state);
    expect(request).toMatchObject({ pageNum: 3, pageSize: 50, serialNumber: "HM-00", topics: ["status", "telemetry"] });
    expect(new Date(request.from ?? "").getTime()).toBe(new Date(2026, 2, 1).getTime());
    // The last day is included: the range ends at the start of the day after it.
    expect(new Date(request.to ?? "").getTime()).toBe(new Date(2026, 2, 3).getTime());
  });

  it("drops what a hand-edited address holds that the server would refuse", () => {
    const state = read("topic=cmd&topic=status&topic=status&from=2026-02-30&to=yesterday&page=0&size=7");
    expect(state.serialNumber).toBe("");
    expect(state.topics).toEqual(["status"]);
    expect(state).toMatchObject({ fromDate: null, toDate: null, page: 1, pageSize: 20 });
    expect(read(`serial=${encodeURIComponent(" A\u0007B ")}`).serialNumber).toBe("");
    expect(read(`serial=${encodeURIComponent(` HM-${"x".repeat(80)} `)}`).serialNumber).toBe(`HM-${"x".repeat(61)}`);
  });

  it("shows a payload on one line, cut", () => {
    expect(payloadPreview('{\n  "a": 1,\n\t"b": 2\n}')).toBe('{ "a": 1, "b": 2 }');
    const long = `{"v":"${"9".repeat(300)}"}`;
    const preview = payloadPreview(long, 20);
    expect(preview).toBe(`${long.slice(0, 20)}…`);
    expect(payloadPreview("")).toBe("");
  });
});
