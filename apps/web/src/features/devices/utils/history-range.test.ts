import { describe, expect, it } from "vitest";
import { customRangeProblem, isDayOutOfReach, MAX_CUSTOM_SPAN_MS, rangeBounds } from "./history-range.ts";

const NOW = Date.parse("2026-03-10T12:00:00Z");
const HOUR = 3_600_000;

describe("rangeBounds", () => {
  it("reaches back from now for a preset", () => {
    expect(rangeBounds({ preset: "1h" }, NOW)).toEqual({ from: NOW - HOUR, to: NOW });
    expect(rangeBounds({ preset: "24h" }, NOW)).toEqual({ from: NOW - 24 * HOUR, to: NOW });
    expect(rangeBounds({ preset: "7d" }, NOW)).toEqual({ from: NOW - 7 * 24 * HOUR, to: NOW });
  });

  it("keeps a custom range as picked", () => {
    expect(rangeBounds({ preset: "custom", from: 1, to: 2 }, NOW)).toEqual({ from: 1, to: 2 });
  });
});

describe("customRangeProblem", () => {
  it("accepts up to 31 days that started before now", () => {
    expect(customRangeProblem(NOW - MAX_CUSTOM_SPAN_MS, NOW, NOW)).toBeNull();
    expect(customRangeProblem(NOW - HOUR, NOW + HOUR, NOW)).toBeNull();
  });

  it("names what is wrong", () => {
    expect(customRangeProblem(NOW, NOW, NOW)).toBe("order");
    expect(customRangeProblem(NOW, NOW - HOUR, NOW)).toBe("order");
    expect(customRangeProblem(NOW - MAX_CUSTOM_SPAN_MS - 1, NOW, NOW)).toBe("tooLong");
    expect(customRangeProblem(NOW + HOUR, NOW + 2 * HOUR, NOW)).toBe("future");
  });
});

describe("isDayOutOfReach", () => {
  it("refuses days after today and days beyond 31 days of the first pick", () => {
    expect(isDayOutOfReach(NOW + 24 * HOUR, null, NOW)).toBe(true);
    expect(isDayOutOfReach(NOW - 100 * 24 * HOUR, null, NOW)).toBe(false);
    expect(isDayOutOfReach(NOW - 32 * 24 * HOUR, NOW, NOW)).toBe(true);
    expect(isDayOutOfReach(NOW - 30 * 24 * HOUR, NOW, NOW)).toBe(false);
  });
});
