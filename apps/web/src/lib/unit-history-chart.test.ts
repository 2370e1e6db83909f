import type { TUnitHistory } from "@vrf/contract/devices/unit-history.ts";
import { describe, expect, it } from "vitest";
import { type UnitChartLook, unitHistoryChartOption } from "./unit-history-chart.ts";

const T0 = Date.parse("2026-03-10T10:00:00Z");
const history = (fields: string[], points: number[][]): TUnitHistory => ({
  from: new Date(T0).toISOString(),
  to: new Date(T0 + 3_600_000).toISOString(),
  bucketSeconds: 10,
  fields,
  points,
});
const texts = { series: (field: string) => `s:${field}`, axis: (unit: string) => `a:${unit}` };
const look: UnitChartLook = { top: 40, formatValue: String };

describe("unitHistoryChartOption", () => {
  it("draws a line per field on a time axis spanning the history's period", () => {
    const h = history(["roomTempC", "setTempC"], [[T0, 23.5, 24]]);
    const option = unitHistoryChartOption(
      { key: "temperatures", fields: ["roomTempC", "setTempC"], unit: "celsius" },
      h,
      texts,
      look,
    );
    expect(option.xAxis).toEqual({ type: "time", min: T0, max: T0 + 3_600_000 });
    expect(option.series.map((s) => s.name)).toEqual(["s:roomTempC", "s:setTempC"]);
    expect(option.series[0]?.data).toEqual([[T0, 23.5]]);
    expect(option.series[1]).toMatchObject({ step: "end", lineStyle: { type: "dashed" } });
    expect(option.yAxis).toEqual([expect.objectContaining({ name: "a:celsius", scale: true })]);
  });

  it("puts the fields from the second axis's index on that axis", () => {
    const h = history(["compressorHz", "currentA"], [[T0, 60, 12.5]]);
    const option = unitHistoryChartOption(
      { key: "compressor", fields: ["compressorHz", "currentA"], unit: "hz", secondAxis: { from: 1, unit: "ampere" } },
      h,
      texts,
      look,
    );
    expect(option.yAxis.map((axis) => axis.name)).toEqual(["a:hz", "a:ampere"]);
    expect(option.series.map((s) => s.yAxisIndex)).toEqual([0, 1]);
  });

  it("draws a share as a filled area on a fixed 0 to 100 axis", () => {
    const h = history(["powerOn"], [[T0, 0.5]]);
    const option = unitHistoryChartOption(
      { key: "power", fields: ["powerOn"], unit: "percent", scale: 100 },
      h,
      texts,
      look,
    );
    expect(option.yAxis).toEqual([expect.objectContaining({ scale: false, min: 0, max: 100 })]);
    expect(option.series[0]).toMatchObject({ areaStyle: { opacity: 0.15 }, data: [[T0, 50]] });
  });

  it("takes its legend room, tooltip values and extra time axis settings from the look", () => {
    const h = history(["eevPulses"], [[T0, 300]]);
    const option = unitHistoryChartOption({ key: "eev", fields: ["eevPulses"], unit: "pulses" }, h, texts, {
      top: 48,
      formatValue: (value) => `${value} p`,
      xAxis: { splitNumber: 4 },
    });
    expect(option.grid.top).toBe(48);
    expect(option.tooltip.valueFormatter(300)).toBe("300 p");
    expect(option.tooltip.valueFormatter(undefined)).toBe("—");
    expect(option.xAxis).toMatchObject({ type: "time", min: T0, splitNumber: 4 });
  });

  it("shows a dot per point only while the points are few", () => {
    const spec = { key: "eev", fields: ["eevPulses"], unit: "pulses" } as const;
    const few = history(["eevPulses"], [[T0, 1]]);
    const many = history(
      ["eevPulses"],
      Array.from({ length: 61 }, (_, i) => [T0 + i * 10_000, i]),
    );
    expect(unitHistoryChartOption(spec, few, texts, look).series[0]?.showSymbol).toBe(true);
    expect(unitHistoryChartOption(spec, many, texts, look).series[0]?.showSymbol).toBe(false);
  });
});
