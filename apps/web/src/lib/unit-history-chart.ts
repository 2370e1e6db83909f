import type { TUnitHistory } from "@vrf/contract/devices/unit-history.ts";
import { historySeries } from "./history-series.ts";

/** The units of the unit history's charts; "percent" is a share of a bucket (powerOn). */
export type ChartUnit = "celsius" | "pulses" | "hz" | "ampere" | "mpa" | "percent";

/** Which history fields share a chart, and the unit of its axis (two axes: the second field's own). */
export interface UnitChartSpec<U extends ChartUnit = ChartUnit> {
  key: string;
  fields: readonly string[];
  unit: U;
  /** A second y axis for the fields from this index on (compressor Hz and current A). */
  secondAxis?: { from: number; unit: U };
  /** Values are multiplied by this (the share of a bucket switched on, 0..1, as a percentage). */
  scale?: number;
}

export interface UnitChartTexts<U extends ChartUnit = ChartUnit> {
  series: (field: string) => string;
  axis: (unit: U) => string;
}

/** Where the charts of the devices' history and of a task's units differ in look. */
export interface UnitChartLook {
  /** Room above the plot for the legend. */
  top: number;
  /** A value as the tooltip writes it. */
  formatValue: (value: number) => string;
  /** More of the time axis's settings. */
  xAxis?: Record<string, unknown>;
}

/** Up to this many points a series shows a dot per point; beyond, only its line. */
const SYMBOLS_UP_TO = 60;

/**
 * An ECharts option for one chart of a unit's history (the devices feature's history, a
 * collection task's units): the period asked for as the time axis, a line per field.
 */
export const unitHistoryChartOption = <U extends ChartUnit>(
  spec: UnitChartSpec<U>,
  history: TUnitHistory,
  texts: UnitChartTexts<U>,
  look: UnitChartLook,
) => {
  const axes = spec.secondAxis ? [spec.unit, spec.secondAxis.unit] : [spec.unit];
  return {
    animation: false,
    grid: { left: 8, right: 8, top: look.top, bottom: 8, containLabel: true },
    legend: { top: 0, type: "scroll" },
    tooltip: {
      trigger: "axis",
      valueFormatter: (value: unknown) => (typeof value === "number" ? look.formatValue(value) : "—"),
    },
    xAxis: { type: "time", min: Date.parse(history.from), max: Date.parse(history.to), ...look.xAxis },
    yAxis: axes.map((unit) => ({
      type: "value",
      // A share keeps its whole 0..100 range; readings zoom to where their values are.
      scale: unit !== "percent",
      ...(unit === "percent" ? { min: 0, max: 100 } : {}),
      name: texts.axis(unit),
      nameTextStyle: { align: "left" },
    })),
    series: spec.fields.map((field, index) => ({
      type: "line",
      name: texts.series(field),
      // Few points (a short span, a unit that just started reporting) are drawn as dots too.
      showSymbol: history.points.length <= SYMBOLS_UP_TO,
      symbolSize: 4,
      connectNulls: false,
      yAxisIndex: spec.secondAxis && index >= spec.secondAxis.from ? 1 : 0,
      // The set point moves in steps, not smoothly.
      ...(field === "setTempC" ? { step: "end", lineStyle: { type: "dashed" } } : {}),
      ...(field === "powerOn" ? { areaStyle: { opacity: 0.15 } } : {}),
      data: historySeries(history, field, spec.scale),
    })),
  };
};
