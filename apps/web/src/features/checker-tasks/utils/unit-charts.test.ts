import {
  INDOOR_HISTORY_FIELDS,
  OUTDOOR_HISTORY_FIELDS,
  type TUnitHistory,
} from "@vrf/contract/devices/unit-history.ts";
import { describe, expect, it } from "vitest";
import { sideOfHistory, UNIT_CHARTS, unitChartOption } from "./unit-charts.ts";

const history = (fields: readonly string[], points: number[][]): TUnitHistory => ({
  from: "2026-03-01T10:00:00.000Z",
  to: "2026-03-01T11:00:00.000Z",
  bucketSeconds: 60,
  fields: [...fields],
  points,
});

describe("the unit charts", () => {
  it("draw only fields the history endpoint gives", () => {
    for (const spec of UNIT_CHARTS.outdoor) for (const f of spec.fields) expect(OUTDOOR_HISTORY_FIELDS).toContain(f);
    for (const spec of UNIT_CHARTS.indoor) for (const f of spec.fields) expect(INDOOR_HISTORY_FIELDS).toContain(f);
  });

  it("show the share switched on as a percentage, and tell the side by the fields", () => {
    const h = history(INDOOR_HISTORY_FIELDS, [[0, 20, 24, 300, 10, 40, 0.5]]);
    const power = UNIT_CHARTS.indoor.find((spec) => spec.key === "power");
    if (!power) throw new Error("no chart");
    expect(unitChartOption(power, h, { series: (field) => field, axis: (unit) => unit }).series[0]?.data).toEqual([
      [0, 50],
    ]);
    expect(sideOfHistory(h)).toBe("indoor");
    expect(sideOfHistory(history(OUTDOOR_HISTORY_FIELDS, []))).toBe("outdoor");
  });

  it("put current on a second axis and span the task's period", () => {
    const spec = UNIT_CHARTS.outdoor[0];
    if (!spec) throw new Error("no chart");
    const option = unitChartOption(spec, history(OUTDOOR_HISTORY_FIELDS, [[0, 50, 2, 0.8, 70, 5, 30, 12]]), {
      series: (field) => field,
      axis: (unit) => unit,
    });
    expect(option.yAxis.map((axis) => axis.name)).toEqual(["hz", "ampere"]);
    expect(option.series.map((s) => s.yAxisIndex)).toEqual([0, 1]);
    expect(option.xAxis.min).toBe(Date.parse("2026-03-01T10:00:00.000Z"));
    expect(option.xAxis.max).toBe(Date.parse("2026-03-01T11:00:00.000Z"));
    expect(option.xAxis).toMatchObject({ splitNumber: 4, axisLabel: { hideOverlap: true } });
    expect(option.tooltip.valueFormatter(0.805)).toBe("0.81");
  });
});
