import type { TUnitHistory } from "@vrf/contract/devices/unit-history.ts";
import {
  type ChartUnit,
  type UnitChartLook,
  type UnitChartSpec,
  type UnitChartTexts,
  unitHistoryChartOption,
} from "../../../lib/unit-history-chart.ts";

/** The history's charts draw readings only: no shares (percent) of a bucket. */
export type HistoryUnit = Exclude<ChartUnit, "percent">;

export type HistoryChartSpec = UnitChartSpec<HistoryUnit>;

export const INDOOR_CHARTS: readonly HistoryChartSpec[] = [
  { key: "temperatures", fields: ["roomTempC", "setTempC", "pipeLiquidTempC", "pipeGasTempC"], unit: "celsius" },
  { key: "eev", fields: ["eevPulses"], unit: "pulses" },
];

export const OUTDOOR_CHARTS: readonly HistoryChartSpec[] = [
  { key: "compressor", fields: ["compressorHz", "currentA"], unit: "hz", secondAxis: { from: 1, unit: "ampere" } },
  { key: "pressures", fields: ["highPressureMpa", "lowPressureMpa"], unit: "mpa" },
  { key: "temperatures", fields: ["dischargeTempC", "suctionTempC", "outdoorAirTempC"], unit: "celsius" },
];

/** The devices' history writes a value as it came and keeps the time axis's own ticks. */
const HISTORY_CHART_LOOK: UnitChartLook = { top: 40, formatValue: String };

/** An ECharts option for one chart of a unit's history: a time axis, a line per field. */
export const historyChartOption = (spec: HistoryChartSpec, history: TUnitHistory, texts: UnitChartTexts<HistoryUnit>) =>
  unitHistoryChartOption(spec, history, texts, HISTORY_CHART_LOOK);
