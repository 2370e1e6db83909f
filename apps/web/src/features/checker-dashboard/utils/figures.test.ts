import { describe, expect, it } from "vitest";
import { axisByteUnit, byteAmount, percent, storageAmount, storagePercent, utcOffsetMinutes } from "./figures.ts";

const at = (offsetMinutes: number) => ({ getTimezoneOffset: () => offsetMinutes }) as Date;

describe("checker dashboard figures", () => {
  it("sends the browser's offset from UTC, east positive, in quarter hours", () => {
    expect(utcOffsetMinutes(at(-480))).toBe(480);
    expect(utcOffsetMinutes(at(300))).toBe(-300);
    expect(utcOffsetMinutes(at(-345))).toBe(345);
    expect(utcOffsetMinutes(at(-353))).toBe(360);
    expect(utcOffsetMinutes(at(0))).toBe(0);
  });

  it("rounds shares and has none of nothing", () => {
    expect(percent(2, 3)).toBe(67);
    expect(percent(0, 4)).toBe(0);
    expect(percent(0, 0)).toBeNull();
  });

  it("rounds the storage share down and keeps it within 0-100", () => {
    expect(storagePercent(199, 200)).toBe(99);
    expect(storagePercent(200, 200)).toBe(100);
    expect(storagePercent(300, 200)).toBe(100);
    expect(storagePercent(10, 0)).toBe(0);
  });

  it("writes bytes and megabytes in 1024 steps", () => {
    expect(byteAmount(0)).toEqual({ value: "0", unit: "b" });
    expect(byteAmount(512)).toEqual({ value: "512", unit: "b" });
    expect(byteAmount(1536)).toEqual({ value: "1.5", unit: "kb" });
    expect(byteAmount(5 * 1024 ** 2)).toEqual({ value: "5", unit: "mb" });
    expect(byteAmount(3 * 1024 ** 5)).toEqual({ value: "3072", unit: "tb" });
    expect(storageAmount(0)).toEqual({ value: "0", unit: "mb" });
    expect(storageAmount(200)).toEqual({ value: "200", unit: "mb" });
    expect(storageAmount(4096)).toEqual({ value: "4", unit: "gb" });
    expect(storageAmount(1536)).toEqual({ value: "1.5", unit: "gb" });
  });

  it("counts a chart's axis in the largest unit its biggest day reaches", () => {
    expect(axisByteUnit(0)).toEqual({ unit: "b", divisor: 1 });
    expect(axisByteUnit(1023)).toEqual({ unit: "b", divisor: 1 });
    expect(axisByteUnit(1024)).toEqual({ unit: "kb", divisor: 1024 });
    expect(axisByteUnit(50 * 1024 ** 2)).toEqual({ unit: "mb", divisor: 1024 ** 2 });
    expect(axisByteUnit(2 * 1024 ** 5)).toEqual({ unit: "tb", divisor: 1024 ** 4 });
  });
});
