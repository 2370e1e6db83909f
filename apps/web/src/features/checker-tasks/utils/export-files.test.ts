import { describe, expect, it } from "vitest";
import { exportFileName, fileSafe } from "./export-files.ts";

describe("export file names", () => {
  it("keep a task's name without reserved characters or spaces", () => {
    expect(fileSafe("Site visit: A/B")).toBe("Site-visit-A-B");
    expect(fileSafe("Bus check, plant room")).toBe("Bus-check-plant-room");
    expect(fileSafe("  ")).toBe("task");
    expect(fileSafe("大楼 A 巡检")).toBe("大楼-A-巡检");
    expect(fileSafe("x".repeat(60))).toHaveLength(40);
  });

  it("name what, the task, the unit and the moment", () => {
    const now = new Date(2026, 2, 1, 9, 30);
    expect(exportFileName("frames", "Site visit", "csv", now)).toBe("frames-Site-visit-20260301-0930.csv");
    expect(exportFileName("collected-data", "Visit", "xlsx", now, ["indoor", 1, 5])).toBe(
      "collected-data-Visit-indoor-1-5-20260301-0930.xlsx",
    );
    expect(exportFileName("数据报告", "年度保养", "pdf", now)).toBe("数据报告-年度保养-20260301-0930.pdf");
  });
});
