import { describe, expect, it } from "vitest";
import { rootFontSize } from "./root-font-scale.ts";

describe("rootFontSize", () => {
  it("is the page width divided by 131", () => {
    expect(rootFontSize(1310)).toBe(10);
    expect(rootFontSize(1440)).toBeCloseTo(10.99, 2);
    expect(rootFontSize(390)).toBeCloseTo(2.98, 2);
  });

  it("stops at 200 px", () => {
    expect(rootFontSize(131 * 200)).toBe(200);
    expect(rootFontSize(100_000)).toBe(200);
  });
});
