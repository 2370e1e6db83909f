import { describe, expect, it } from "vitest";
import { nextProjectCode, projectCodePrefix } from "./project-code.ts";

describe("project codes", () => {
  it("start each year at 0001 and count up past four digits", () => {
    expect(projectCodePrefix(new Date("2026-12-31T23:59:59Z"))).toBe("P2026");
    expect(nextProjectCode("P2027", undefined)).toBe("P20270001");
    expect(nextProjectCode("P2026", "P20260036")).toBe("P20260037");
    expect(nextProjectCode("P2026", "P20269999")).toBe("P202610000");
  });
});
