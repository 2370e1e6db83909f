import { describe, expect, it } from "vitest";
import {
  defaultUnit,
  formatReading,
  historyWindow,
  isNumericField,
  parseUnitKey,
  readingCell,
  readReadingsQuery,
  statusWordOf,
  toReadingsRequest,
  unitKey,
  writeReadingsQuery,
} from "./readings.ts";

const TASK = "7f1d7a52-5b8e-4c3a-9c4e-0d6f0f1e2a3b";

describe("the data page's address", () => {
  it("holds the unit and the page", () => {
    const state = { unit: { side: "indoor" as const, systemNumber: 1, address: 5 }, page: 2, pageSize: 50 };
    const params = writeReadingsQuery(TASK, state);
    expect(params.toString()).toBe(`taskId=${TASK}&side=indoor&system=1&unit=5&page=2&size=50`);
    expect(readReadingsQuery(params)).toEqual(state);
  });

  it("has no unit until one is chosen, and drops one out of range", () => {
    expect(readReadingsQuery(new URLSearchParams(`taskId=${TASK}`))).toEqual({ unit: null, page: 1, pageSize: 20 });
    expect(readReadingsQuery(new URLSearchParams("side=outdoor&system=1&unit=9")).unit).toBeNull();
    expect(readReadingsQuery(new URLSearchParams("side=indoor&system=1&unit=9")).unit).toEqual({
      side: "indoor",
      systemNumber: 1,
      address: 9,
    });
    expect(readReadingsQuery(new URLSearchParams("side=middle&system=1&unit=1")).unit).toBeNull();
    expect(readReadingsQuery(new URLSearchParams("size=30")).pageSize).toBe(20);
  });

  it("becomes the readings request", () => {
    const unit = { side: "outdoor" as const, systemNumber: 2, address: 0 };
    expect(toReadingsRequest(TASK, unit, { unit: null, page: 3, pageSize: 20 })).toEqual({
      taskId: TASK,
      side: "outdoor",
      systemNumber: 2,
      address: 0,
      pageNum: 3,
      pageSize: 20,
    });
  });
});

describe("unit choices", () => {
  it("are one select value each", () => {
    const unit = { side: "indoor" as const, systemNumber: 1, address: 63 };
    expect(unitKey(unit)).toBe("indoor:1:63");
    expect(parseUnitKey(unitKey(unit))).toEqual(unit);
    expect(parseUnitKey("outdoor:1:8")).toBeNull();
    expect(parseUnitKey("nonsense")).toBeNull();
  });

  it("default to the first outdoor unit, else the first indoor one", () => {
    const outdoor = [
      { systemNumber: 2, address: 0 },
      { systemNumber: 1, address: 1 },
      { systemNumber: 1, address: 0 },
    ];
    const indoor = [{ systemNumber: 1, address: 4 }];
    expect(defaultUnit(outdoor, indoor)).toEqual({ side: "outdoor", systemNumber: 1, address: 0 });
    expect(defaultUnit([], indoor)).toEqual({ side: "indoor", systemNumber: 1, address: 4 });
    expect(defaultUnit([], [])).toBeNull();
  });
});

describe("historyWindow", () => {
  const start = "2026-03-01T10:00:00.000Z";
  const now = Date.parse("2026-03-01T12:00:00.000Z");

  it("is the task's period, to now while it runs", () => {
    expect(historyWindow(start, "2026-03-01T11:00:00.000Z", now)).toEqual({
      from: start,
      to: "2026-03-01T11:00:00.000Z",
    });
    expect(historyWindow(start, null, now)).toEqual({ from: start, to: "2026-03-01T12:00:00.000Z" });
  });

  it("is never empty, never longer than the endpoint takes, and none before the start", () => {
    expect(historyWindow(start, start, now)).toEqual({ from: start, to: "2026-03-01T10:00:01.000Z" });
    expect(historyWindow("2026-01-01T00:00:00.000Z", "2026-03-01T00:00:00.000Z", now)?.from).toBe(
      "2026-01-29T00:00:00.000Z",
    );
    expect(historyWindow(null, null, now)).toBeNull();
  });
});

describe("readings", () => {
  it("show their status word by code", () => {
    expect(statusWordOf(0)).toBe("STOP");
    expect(statusWordOf(2)).toBe("TH ON");
    expect(statusWordOf(3)).toBe("ALARM");
    expect(statusWordOf(9)).toBeNull();
    expect(statusWordOf(null)).toBeNull();
  });

  it("round numbers to the field's precision", () => {
    expect(formatReading(23.46, 1)).toBe("23.5");
    expect(formatReading(-0.01, 1)).toBe("0");
    expect(readingCell("highPressureMpa", 2.456)).toEqual({ kind: "number", text: "2.46" });
    expect(readingCell("fanRpm", 812.4)).toEqual({ kind: "number", text: "812" });
    expect(readingCell("roomTempC", 24)).toEqual({ kind: "number", text: "24" });
    expect(readingCell("louver", 3)).toEqual({ kind: "number", text: "3" });
  });

  it("turn power, mode and fan speed codes into what the words are looked up by", () => {
    expect(readingCell("powerOn", 1)).toEqual({ kind: "power", on: true });
    expect(readingCell("powerOn", 0)).toEqual({ kind: "power", on: false });
    expect(readingCell("mode", 1)).toEqual({ kind: "mode", mode: "cooling" });
    expect(readingCell("mode", 9)).toEqual({ kind: "mode", mode: "comfort2" });
    expect(readingCell("mode", 10)).toEqual({ kind: "code", code: 10 });
    expect(readingCell("fanSpeed", 7)).toEqual({ kind: "fanSpeed", speed: "auto" });
    expect(readingCell("fanSpeed", 0)).toEqual({ kind: "code", code: 0 });
    expect(isNumericField("mode")).toBe(false);
    expect(isNumericField("currentA")).toBe(true);
  });

  it("leave a missing value empty", () => {
    expect(readingCell("roomTempC", null)).toEqual({ kind: "none" });
    expect(readingCell("roomTempC", undefined)).toEqual({ kind: "none" });
  });
});
