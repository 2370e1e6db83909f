import { describe, expect, it } from "vitest";
import {
  byteAmount,
  durationParts,
  elapsedPercent,
  gatheredEmpty,
  gatheredOf,
  isStoppable,
  ranSeconds,
} from "./task-display.ts";

describe("elapsedPercent", () => {
  const start = "2026-03-01T10:00:00.000Z";
  const end = "2026-03-01T20:00:00.000Z";
  const at = (iso: string) => Date.parse(iso);

  it("is the share of the time from start to end that has passed, rounded down", () => {
    expect(elapsedPercent(start, end, at("2026-03-01T10:00:00.000Z"))).toBe(0);
    expect(elapsedPercent(start, end, at("2026-03-01T12:30:00.000Z"))).toBe(25);
    expect(elapsedPercent(start, end, at("2026-03-01T19:59:59.000Z"))).toBe(99);
  });

  it("stays between 0 and 100 when the clock is before the start or past the end", () => {
    expect(elapsedPercent(start, end, at("2026-03-01T09:00:00.000Z"))).toBe(0);
    expect(elapsedPercent(start, end, at("2026-03-02T09:00:00.000Z"))).toBe(100);
    expect(elapsedPercent(end, start, at("2026-03-01T12:00:00.000Z"))).toBe(100);
  });

  it("has nothing to say before the checker accepted the task", () => {
    expect(elapsedPercent(null, end, at(start))).toBeNull();
    expect(elapsedPercent("not a time", end, at(start))).toBeNull();
  });
});

describe("byteAmount", () => {
  it("keeps small amounts in bytes", () => {
    expect(byteAmount(0)).toEqual({ value: "0", unit: "b" });
    expect(byteAmount(1023)).toEqual({ value: "1023", unit: "b" });
  });

  it("steps by 1024 with one decimal, trailing zeros dropped", () => {
    expect(byteAmount(1024)).toEqual({ value: "1", unit: "kb" });
    expect(byteAmount(1536)).toEqual({ value: "1.5", unit: "kb" });
    expect(byteAmount(5 * 1024 ** 2)).toEqual({ value: "5", unit: "mb" });
    expect(byteAmount(2.25 * 1024 ** 3)).toEqual({ value: "2.3", unit: "gb" });
    expect(byteAmount(3 * 1024 ** 4)).toEqual({ value: "3", unit: "tb" });
  });

  it("stays in terabytes beyond them", () => {
    expect(byteAmount(2048 * 1024 ** 4)).toEqual({ value: "2048", unit: "tb" });
  });
});

describe("durationParts", () => {
  it("names an interval in its largest unit and the next when not zero", () => {
    expect(durationParts(60)).toEqual([{ unit: "min", count: 1 }]);
    expect(durationParts(90)).toEqual([
      { unit: "min", count: 1 },
      { unit: "s", count: 30 },
    ]);
    expect(durationParts(3600)).toEqual([{ unit: "h", count: 1 }]);
    expect(durationParts(86_400)).toEqual([{ unit: "d", count: 1 }]);
    expect(durationParts(5)).toEqual([{ unit: "s", count: 5 }]);
  });

  it("leaves out the smaller units of a long run", () => {
    expect(durationParts(2 * 86_400 + 3 * 3600 + 5 * 60)).toEqual([
      { unit: "d", count: 2 },
      { unit: "h", count: 3 },
    ]);
    expect(durationParts(86_400 + 5 * 60)).toEqual([{ unit: "d", count: 1 }]);
  });

  it("says 0 s for nothing", () => {
    expect(durationParts(0)).toEqual([{ unit: "s", count: 0 }]);
    expect(durationParts(-4)).toEqual([{ unit: "s", count: 0 }]);
  });
});

describe("a task's facts", () => {
  it("ran from its start to its end, or not at all", () => {
    expect(ranSeconds({ startedAt: "2026-03-01T10:00:00.000Z", endedAt: "2026-03-01T11:30:00.000Z" })).toBe(5400);
    expect(ranSeconds({ startedAt: null, endedAt: "2026-03-01T11:30:00.000Z" })).toBeNull();
  });

  it("gathered frames when capturing, reports when collecting", () => {
    expect(gatheredOf({ kind: "capture", frameCount: 12, snapshotCount: 0 })).toEqual({ key: "frames", count: 12 });
    expect(gatheredOf({ kind: "collection", frameCount: 0, snapshotCount: 7 })).toEqual({ key: "reports", count: 7 });
  });

  it("can be stopped while starting or running only", () => {
    expect(["starting", "running", "stopping", "finished"].map((s) => isStoppable(s as never))).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});

describe("gatheredEmpty", () => {
  const started = "2026-03-01T10:00:00.000Z";

  it("blames the filters first", () => {
    expect(gatheredEmpty({ status: "running", startedAt: started }, true)).toBe("noMatch");
  });

  it("says why an unfiltered page is empty", () => {
    expect(gatheredEmpty({ status: "failed", startedAt: null }, false)).toBe("neverStarted");
    expect(gatheredEmpty({ status: "starting", startedAt: null }, false)).toBe("waiting");
    expect(gatheredEmpty({ status: "running", startedAt: started }, false)).toBe("running");
    expect(gatheredEmpty({ status: "stopping", startedAt: started }, false)).toBe("running");
    expect(gatheredEmpty({ status: "finished", startedAt: started }, false)).toBe("none");
    expect(gatheredEmpty({ status: "stopped", startedAt: started }, false)).toBe("none");
  });
});
