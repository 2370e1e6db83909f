import { describe, expect, it } from "vitest";
import { codeChartOption, dayChartOption, escapeHtml, horizontalCodeChartHeight } from "./chart-options.ts";

const labels = { repaired: "Repaired", open: "Not repaired" };

describe("fault chart options", () => {
  it("stacks repaired and open faults per code, in the order given", () => {
    const option = codeChartOption(
      [
        { code: "E01", name: "Communication", total: 10, open: 2 },
        { code: "P01", name: null, total: 4, open: 0 },
      ],
      labels,
    );
    expect(option.xAxis).toMatchObject({ data: ["E01", "P01"] });
    expect(option.series.map((s) => s.data)).toEqual([
      [8, 4],
      [2, 0],
    ]);
    const tooltip = option.tooltip.formatter([
      { dataIndex: 0, marker: "", seriesName: "Repaired", value: 8 },
      { dataIndex: 0, marker: "", seriesName: "Not repaired", value: 2 },
    ]);
    expect(tooltip).toBe("<b>E01 · Communication</b><br/>Repaired: 8<br/>Not repaired: 2");
  });

  it("lays the bars down on phones, most frequent code on top, with a row per code", () => {
    const option = codeChartOption([{ code: "E01", name: null, total: 3, open: 1 }], labels, { horizontal: true });
    expect(option.yAxis).toMatchObject({ type: "category", data: ["E01"], inverse: true });
    expect(option.xAxis).toMatchObject({ type: "value" });
    expect(horizontalCodeChartHeight(5)).toBe(240);
    expect(horizontalCodeChartHeight(26)).toBe(632);
  });

  it("offers a zoom slider only for long ranges, showing the latest days first", () => {
    const days = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ day: `2026-01-${String(i + 1).padStart(2, "0")}`, total: 3, open: 1 }));
    expect(dayChartOption(days(30), labels).dataZoom).toEqual([]);
    const long = dayChartOption(
      Array.from({ length: 90 }, (_, i) => ({ day: `d${i}`, total: 1, open: 0 })),
      labels,
    );
    expect(long.dataZoom[0]).toMatchObject({ startValue: 45, endValue: 89 });
    expect(dayChartOption(days(2), labels).series[0]?.data).toEqual([2, 2]);
  });

  it("escapes names before they go into tooltip HTML", () => {
    expect(escapeHtml(`<img src=x onerror="a">`)).toBe("&lt;img src=x onerror=&quot;a&quot;&gt;");
  });
});
