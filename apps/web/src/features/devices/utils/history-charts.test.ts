import type { TUnitHistory } from "@vrf/contract/devices/unit-history.ts";
import { describe, expect, it } from "vitest";
import { historyChartOption, INDOOR_CHARTS, OUTDOOR_CHARTS } from "./history-charts.ts";

const T0 = Date.parse("2026-03-10T10:00:00Z");
const history = (points: number[][], fields = ["roomTempC", "setTempC", "eevPulses"]): TUnitHistory => ({
  from: new Date(T0).toISOString(),
  to: new Date(T0 + 3_600_000).toISOString(),
  bucketSeconds: 10,
  fields,
  points,
});

describe("historyChartOption", () => {
  const texts = { series: (field: string) => `s:${field}`, axis: (unit: string) => `a:${unit}` };

  it("draws a line per field on a time axis spanning the requested range", () => {
    const h = history(
      [[T0, 23.5, 24, 300, 10, 5, 1]],
      ["roomTempC", "setTempC", "eevPulses", "pipeLiquidTempC", "pipeGasTempC", "powerOn"],
    );
    const option = historyChartOption(INDOOR_CHARTS[0] as never, h, texts);
    expect(option.xAxis).toMatchObject({ type: "time", min: T0, max: T0 + 3_600_000 });
    expect(option.series.map((s) => s.name)).toEqual([
      "s:roomTempC",
      "s:setTempC",
      "s:pipeLiquidTempC",
      "s:pipeGasTempC",
    ]);
    expect(option.series[3]?.data).toEqual([[T0, 5]]);
    expect(option.yAxis).toEqual([expect.objectContaining({ name: "a:celsius" })]);
  });

  it("puts the outdoor unit's current on a second axis next to the compressor frequency", () => {
    const h = history([[T0, 60, 12.5]], ["compressorHz", "currentA"]);
    const option = historyChartOption(OUTDOOR_CHARTS[0] as never, h, texts);
    expect(option.yAxis.map((axis) => axis.name)).toEqual(["a:hz", "a:ampere"]);
    expect(option.series.map((s) => s.yAxisIndex)).toEqual([0, 1]);
  });
});
