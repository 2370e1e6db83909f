import type { TUnitHistory } from "@vrf/contract/devices/unit-history.ts";
import { historySeries } from "../../../lib/history-series.ts";

/** Which history fields share a chart, and the unit of its axis (two axes: the second field's own). */
export interface HistoryChartSpec {
  key: string;
  fields: readonly string[];
  unit: HistoryUnit;
  /** A second y axis for the fields from this index on (compressor Hz and current A). */
  secondAxis?: { from: number; unit: HistoryUnit };
}

export type HistoryUnit = "celsius" | "pulses" | "hz" | "ampere" | "mpa";

export const INDOOR_CHARTS: readonly HistoryChartSpec[] = [
  { key: "temperatures", fields: ["roomTempC", "setTempC", "pipeLiquidTempC", "pipeGasTempC"], unit: "celsius" },
  { key: "eev", fields: ["eevPulses"], unit: "pulses" },
];

export const OUTDOOR_CHARTS: readonly HistoryChartSpec[] = [
  { key: "compressor", fields: ["compressorHz", "currentA"], unit: "hz", secondAxis: { from: 1, unit: "ampere" } },
  { key: "pressures", fields: ["highPressureMpa", "lowPressureMpa"], unit: "mpa" },
  { key: "temperatures", fields: ["dischargeTempC", "suctionTempC", "outdoorAirTempC"], unit: "celsius" },
];

/** Up to this many points a series shows a dot per point; beyond, only its line. */
const SYMBOLS_UP_TO = 60;

export interface ChartTexts {
  series: (field: string) => string;
  axis: (unit: HistoryUnit) => string;
}

/** An ECharts option for one chart of a unit's history: a time axis, a line per field. */
export const historyChartOption = (spec: HistoryChartSpec, history: TUnitHistory, texts: ChartTexts) => {
  const axes = spec.secondAxis ? [spec.unit, spec.secondAxis.unit] : [spec.unit];
  return {
    animation: false,
    grid: { left: 8, right: 8, top: 40, bottom: 8, containLabel: true },
    legend: { top: 0, type: "scroll" },
    tooltip: { trigger: "axis", valueFormatter: (value: unknown) => (typeof value === "number" ? String(value) : "—") },
    xAxis: { type: "time", min: Date.parse(history.from), max: Date.parse(history.to) },
    yAxis: axes.map((unit) => ({
      type: "value",
      scale: true,
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
      data: historySeries(history, field),
    })),
  };
};
