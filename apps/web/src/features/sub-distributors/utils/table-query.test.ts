import { describe, expect, it } from "vitest";
import { parseTabParam } from "./page-tab.ts";
import { sortOf } from "./table-query.ts";

describe("sortOf", () => {
  it("maps a sortable column to the request's sort and drops the rest", () => {
    expect(sortOf("email", "ascend")).toEqual({ sort: "email", order: "ascend" });
    expect(sortOf("updatedAt", "descend")).toEqual({ sort: "updatedAt", order: "descend" });
    expect(sortOf("email", null)).toBeNull();
    expect(sortOf("note", "ascend")).toBeNull();
    expect(sortOf(undefined, "ascend")).toBeNull();
  });
});

describe("parseTabParam", () => {
  it("opens the invitations only when asked", () => {
    expect(parseTabParam("invitations")).toBe("invitations");
    expect(parseTabParam(null)).toBe("subDistributors");
    expect(parseTabParam("other")).toBe("subDistributors");
  });
});
