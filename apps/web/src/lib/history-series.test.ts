import type { TUnitHistory } from "@vrf/contract/devices/unit-history.ts";
import { describe, expect, it } from "vitest";
import { historySeries } from "./history-series.ts";

const T0 = Date.parse("2026-03-10T10:00:00Z");

/** Reports every 10 s, then none for almost ten minutes (more than three buckets). */
const HISTORY: TUnitHistory = {
  from: new Date(T0).toISOString(),
  to: new Date(T0 + 3_600_000).toISOString(),
  bucketSeconds: 10,
  fields: ["roomTempC", "setTempC", "eevPulses", "powerOn"],
  points: [
    [T0, 23.5, 24, 300, 1],
    [T0 + 10_000, 23.6, 24, 310, 0.5],
    [T0 + 600_000, 22, 24, 0, 0],
  ],
};

describe("historySeries", () => {
  it("reads a field by its name, whatever its position", () => {
    expect(historySeries(HISTORY, "setTempC").filter(([, value]) => value !== null)).toEqual([
      [T0, 24],
      [T0 + 10_000, 24],
      [T0 + 600_000, 24],
    ]);
    expect(historySeries({ ...HISTORY, fields: ["setTempC", "roomTempC"] }, "roomTempC")[0]).toEqual([T0, 24]);
    expect(historySeries(HISTORY, "nothing")).toEqual([]);
  });

  it("breaks the line where reports stopped for more than three buckets", () => {
    expect(historySeries(HISTORY, "roomTempC")).toEqual([
      [T0, 23.5],
      [T0 + 10_000, 23.6],
      [T0 + 10_001, null],
      [T0 + 600_000, 22],
    ]);
    expect(historySeries({ ...HISTORY, bucketSeconds: 300 }, "roomTempC")).toHaveLength(3);
  });

  it("scales the values: the share switched on as a percentage", () => {
    expect(historySeries(HISTORY, "powerOn", 100)).toEqual([
      [T0, 100],
      [T0 + 10_000, 50],
      [T0 + 10_001, null],
      [T0 + 600_000, 0],
    ]);
  });
});
