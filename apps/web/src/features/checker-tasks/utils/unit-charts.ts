import type { TUnitHistory } from "@vrf/contract/devices/unit-history.ts";
import { historySeries } from "../../../lib/history-series.ts";
import { formatReading, type UnitSide } from "./readings.ts";

/**
 * The charts of a unit over a collection task's period, from the unit history endpoint's
 * averaged points (OUTDOOR_HISTORY_FIELDS / INDOOR_HISTORY_FIELDS).
 */
export type ChartUnit = "celsius" | "pulses" | "hz" | "ampere" | "mpa" | "percent";

export interface UnitChartSpec {
  key: string;
  fields: readonly string[];
  unit: ChartUnit;
  /** A second y axis for the fields from this index on (compressor Hz and current A). */
  secondAxis?: { from: number; unit: ChartUnit };
  /** Values are multiplied by this (the share of a bucket switched on, 0..1, as a percentage). */
  scale?: number;
}

export const UNIT_CHARTS: Readonly<Record<UnitSide, readonly UnitChartSpec[]>> = {
  outdoor: [
    { key: "compressor", fields: ["compressorHz", "currentA"], unit: "hz", secondAxis: { from: 1, unit: "ampere" } },
    { key: "pressures", fields: ["highPressureMpa", "lowPressureMpa"], unit: "mpa" },
    { key: "outdoorTemperatures", fields: ["dischargeTempC", "suctionTempC", "outdoorAirTempC"], unit: "celsius" },
  ],
  indoor: [
    {
      key: "indoorTemperatures",
      fields: ["roomTempC", "setTempC", "pipeLiquidTempC", "pipeGasTempC"],
      unit: "celsius",
    },
    { key: "eev", fields: ["eevPulses"], unit: "pulses" },
    { key: "power", fields: ["powerOn"], unit: "percent", scale: 100 },
  ],
};

/** Up to this many points a series shows a dot per point; beyond, only its line. */
const SYMBOLS_UP_TO = 60;

export interface UnitChartTexts {
  series: (field: string) => string;
  axis: (unit: ChartUnit) => string;
}

/** An ECharts option for one chart: the task's period as the time axis, a line per field. */
export const unitChartOption = (spec: UnitChartSpec, history: TUnitHistory, texts: UnitChartTexts) => {
  const axes = spec.secondAxis ? [spec.unit, spec.secondAxis.unit] : [spec.unit];
  return {
    animation: false,
    grid: { left: 8, right: 8, top: 48, bottom: 8, containLabel: true },
    legend: { top: 0, type: "scroll" },
    tooltip: {
      trigger: "axis",
      valueFormatter: (value: unknown) => (typeof value === "number" ? formatReading(value, 2) : "—"),
    },
    // A short period (minutes) has a tick every few seconds: labels that would overlap are left out.
    xAxis: {
      type: "time",
      min: Date.parse(history.from),
      max: Date.parse(history.to),
      splitNumber: 4,
      axisLabel: { hideOverlap: true },
    },
    yAxis: axes.map((unit) => ({
      type: "value",
      scale: unit !== "percent",
      ...(unit === "percent" ? { min: 0, max: 100 } : {}),
      name: texts.axis(unit),
      nameTextStyle: { align: "left" },
    })),
    series: spec.fields.map((field, index) => ({
      type: "line",
      name: texts.series(field),
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

/** Which side a history answer is of, by its fields (a previous unit's charts stay while the next loads). */
export const sideOfHistory = (history: Pick<TUnitHistory, "fields">): UnitSide =>
  history.fields.includes("roomTempC") ? "indoor" : "outdoor";
