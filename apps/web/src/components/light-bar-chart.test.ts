import { describe, expect, it } from "vitest";
import { niceStep } from "./light-bar-chart.tsx";

describe("the light bar chart's value axis", () => {
  it("steps by whole numbers of 1, 2 or 5 times a power of ten, about five of them", () => {
    expect([0, 1, 5].map(niceStep)).toEqual([1, 1, 1]);
    expect(niceStep(6)).toBe(2);
    expect(niceStep(9)).toBe(2);
    expect(niceStep(23)).toBe(5);
    expect(niceStep(48)).toBe(10);
    expect(niceStep(130)).toBe(50);
    expect(niceStep(1_000)).toBe(200);
  });
});
