import { describe, expect, it } from "vitest";
import { localTime, safeLocalTime } from "./local-time.ts";

describe("localTime", () => {
  it("reads the wall clock of the zone, crossing the date line where it must", () => {
    const instant = new Date("2026-03-01T23:30:00Z");
    expect(localTime(instant, "Asia/Shanghai")).toEqual({ date: "2026-03-02", hour: 7, text: "2026-03-02 07:30" });
    expect(localTime(instant, "America/New_York")).toEqual({ date: "2026-03-01", hour: 18, text: "2026-03-01 18:30" });
    expect(localTime(instant, "UTC").hour).toBe(23);
  });

  it("uses 0-23 hours (midnight is 0, not 24)", () => {
    expect(localTime(new Date("2026-03-01T16:00:00Z"), "Asia/Shanghai")).toMatchObject({ date: "2026-03-02", hour: 0 });
  });

  it("follows daylight saving time", () => {
    expect(localTime(new Date("2026-01-15T12:00:00Z"), "Europe/Berlin").hour).toBe(13);
    expect(localTime(new Date("2026-07-15T12:00:00Z"), "Europe/Berlin").hour).toBe(14);
  });

  it("falls back to UTC for a zone the runtime does not know", () => {
    expect(() => localTime(new Date(), "Mars/Olympus")).toThrow(RangeError);
    expect(safeLocalTime(new Date("2026-03-01T05:00:00Z"), "Mars/Olympus")).toMatchObject({ hour: 5, zone: "UTC" });
  });
});
