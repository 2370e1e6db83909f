import { describe, expect, it } from "vitest";
import { trendOption } from "./trend-option.ts";

describe("faults trend chart", () => {
  it("draws a bar per day and the period's average as a flat line", () => {
    const option = trendOption(
      [
        { day: "2026-02-27", total: 2 },
        { day: "2026-02-28", total: 4 },
        { day: "2026-03-01", total: 3 },
      ],
      { series: "Faults", average: "Average" },
    );
    expect(option.categories).toEqual(["2026-02-27", "2026-02-28", "2026-03-01"]);
    expect(option).toMatchObject({ seriesName: "Faults", values: [2, 4, 3] });
    expect(option.reference).toEqual({ name: "Average", value: 3 });
    expect(option.axisLabel("2026-03-01")).toBe("03-01");
  });

  it("rounds the average to one decimal, and has an average of nothing when there are no days", () => {
    const uneven = trendOption(
      [
        { day: "2026-02-28", total: 1 },
        { day: "2026-03-01", total: 1 },
        { day: "2026-03-02", total: 0 },
      ],
      { series: "Faults", average: "Average" },
    );
    expect(uneven.reference.value).toBe(0.7);
    const empty = trendOption([], { series: "Faults", average: "Average" });
    expect(empty.values).toEqual([]);
    expect(empty.reference.value).toBe(0);
  });
});
