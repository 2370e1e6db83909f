import { describe, expect, it } from "vitest";
import { nextStatuses, stepKind } from "./status.ts";

describe("repair status rules in the form", () => {
  it("offers only the moves the server accepts, never the current status", () => {
    expect(nextStatuses(0)).toEqual([1, 2]);
    expect(nextStatuses(1)).toEqual([2]);
    expect(nextStatuses(2)).toEqual([1]);
    for (const s of [0, 1, 2] as const) expect(nextStatuses(s)).not.toContain(s);
  });

  it("names a timeline step by what it did", () => {
    expect(stepKind({ fromStatus: null, toStatus: null, note: "called" })).toBe("note");
    expect(stepKind({ fromStatus: 0, toStatus: 1, note: "" })).toBe("statusChanged");
    expect(stepKind({ fromStatus: 2, toStatus: 1, note: "back" })).toBe("reopened");
  });
});
