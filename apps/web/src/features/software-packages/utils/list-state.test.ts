import { describe, expect, it } from "vitest";
import { hasFilters, readListState, toListRequest, writeListState } from "./list-state.ts";

describe("the package list's state in the address", () => {
  it("reads what is there and falls back on what is not or is wrong", () => {
    expect(readListState(new URLSearchParams("kind=firmware&keyword=2.1&page=3&pageSize=50"))).toEqual({
      kind: "firmware",
      keyword: "2.1",
      page: 3,
      pageSize: 50,
    });
    expect(readListState(new URLSearchParams("kind=driver&page=-1&pageSize=7"))).toEqual({
      kind: null,
      keyword: "",
      page: 1,
      pageSize: 20,
    });
  });

  it("writes only what differs from the first page of everything, and asks the server the same", () => {
    const state = { kind: "pc" as const, keyword: " tool ", page: 1, pageSize: 20 };
    expect(writeListState(state).toString()).toBe("kind=pc&keyword=tool");
    expect(toListRequest(state)).toEqual({ pageNum: 1, pageSize: 20, kind: "pc", keyword: "tool" });
    expect(hasFilters(state)).toBe(true);
    expect(hasFilters({ kind: null, keyword: "  ", page: 2, pageSize: 20 })).toBe(false);
  });
});
