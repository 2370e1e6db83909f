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
    expect(option.xAxis.data).toEqual(["2026-02-27", "2026-02-28", "2026-03-01"]);
    expect(option.series[0]).toMatchObject({ name: "Faults", type: "bar", data: [2, 4, 3] });
    expect(option.series[1]).toMatchObject({ name: "Average", type: "line", data: [3, 3, 3] });
    expect(option.xAxis.axisLabel.formatter("2026-03-01")).toBe("03-01");
  });

  it("has an average of nothing when there are no days", () => {
    expect(trendOption([], { series: "Faults", average: "Average" }).series[1]?.data).toEqual([]);
  });
});
