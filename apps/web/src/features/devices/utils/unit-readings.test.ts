import { describe, expect, it } from "vitest";
import { formatCombined, formatReading, statusWordText } from "./unit-readings.ts";

describe("statusWordText", () => {
  it("names SPEC's status words by their numbers", () => {
    expect([0, 1, 2, 3].map(statusWordText)).toEqual(["STOP", "TH OFF", "TH ON", "ALARM"]);
  });

  it("gives null for a unit that has not reported, or an unknown number", () => {
    expect(statusWordText(null)).toBeNull();
    expect(statusWordText(undefined)).toBeNull();
    expect(statusWordText(9)).toBeNull();
  });
});

describe("formatReading", () => {
  it("rounds to the given decimals and drops trailing zeros", () => {
    expect(formatReading(23.44)).toBe("23.4");
    expect(formatReading(24)).toBe("24");
    expect(formatReading(2.456, 2)).toBe("2.46");
    expect(formatReading(480.4, 0)).toBe("480");
    expect(formatReading(-0.04)).toBe("0");
  });
});

describe("formatCombined", () => {
  it("shows a combined value as 'a, b'", () => {
    expect(formatCombined([480, 120], 0)).toBe("480, 120");
    expect(formatCombined([12.54, 8])).toBe("12.5, 8");
  });

  it("stays null when there is nothing", () => {
    expect(formatCombined(null)).toBeNull();
    expect(formatCombined([])).toBeNull();
  });
});
