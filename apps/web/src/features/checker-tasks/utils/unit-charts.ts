import type { TUnitHistory } from "@vrf/contract/devices/unit-history.ts";
import {
  type UnitChartLook,
  type UnitChartSpec,
  type UnitChartTexts,
  unitHistoryChartOption,
} from "../../../lib/unit-history-chart.ts";
import { formatReading, type UnitSide } from "./readings.ts";

/**
 * The charts of a unit over a collection task's period, from the unit history endpoint's
 * averaged points (OUTDOOR_HISTORY_FIELDS / INDOOR_HISTORY_FIELDS).
 */
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

/** A task's charts write readings as its readings table does, and label a period of minutes sparsely. */
const TASK_CHART_LOOK: UnitChartLook = {
  top: 48,
  formatValue: (value) => formatReading(value, 2),
  // A short period (minutes) has a tick every few seconds: labels that would overlap are left out.
  xAxis: { splitNumber: 4, axisLabel: { hideOverlap: true } },
};

/** An ECharts option for one chart: the task's period as the time axis, a line per field. */
export const unitChartOption = (spec: UnitChartSpec, history: TUnitHistory, texts: UnitChartTexts) =>
  unitHistoryChartOption(spec, history, texts, TASK_CHART_LOOK);

/** Which side a history answer is of, by its fields (a previous unit's charts stay while the next loads). */
export const sideOfHistory = (history: Pick<TUnitHistory, "fields">): UnitSide =>
  history.fields.includes("roomTempC") ? "indoor" : "outdoor";
