import { describe, expect, it } from "vitest";
import { combineWordPair, formatNumber, statusWordToNumber, toThousands } from "./number.ts";
import { announcementTimeToUtc, formatDate, formatDateTime, relativeTime, toMillis } from "./time.ts";

describe("time", () => {
  const at = Date.UTC(2026, 10, 22, 4, 5, 6);

  it("reads 10-digit timestamps as seconds and 13-digit ones as milliseconds", () => {
    expect(toMillis(1_795_312_345)).toBe(1_795_312_345_000);
    expect(toMillis(1_795_312_345_000)).toBe(1_795_312_345_000);
    expect(toMillis("1795312345")).toBe(1_795_312_345_000);
  });

  it("formats as YYYY-MM-DD HH:mm:ss at a given offset", () => {
    expect(formatDateTime(at, 0)).toBe("2026-11-22 04:05:06");
    expect(formatDateTime(at, 480)).toBe("2026-11-22 12:05:06");
    expect(formatDate(at, -300)).toBe("2026-11-21");
    expect(formatDateTime(null)).toBe("");
    expect(formatDateTime("not a date")).toBe("");
  });

  it("moves announcement times from UTC+8 wall clock to UTC", () => {
    expect(announcementTimeToUtc(at + 28_800_000)).toBe(at);
  });

  it("says just now, minutes, hours, one day, then a date", () => {
    expect(relativeTime(at - 10_000, at)).toEqual({ kind: "justNow" });
    expect(relativeTime(at - 5 * 60_000, at)).toEqual({ kind: "minutes", count: 5 });
    expect(relativeTime(at - 3 * 3_600_000, at)).toEqual({ kind: "hours", count: 3 });
    expect(relativeTime(at - 30 * 3_600_000, at)).toEqual({ kind: "oneDay" });
    expect(relativeTime(at - 3 * 86_400_000, at).kind).toBe("date");
  });
});

describe("numbers", () => {
  it("shortens with k, M, G, T, P, E", () => {
    expect(formatNumber(999)).toBe("999");
    expect(formatNumber(1234)).toBe("1.2k");
    expect(formatNumber(5_000_000)).toBe("5M");
    expect(formatNumber(2.5e9)).toBe("2.5G");
    expect(formatNumber(1e12)).toBe("1T");
    expect(formatNumber(3e15)).toBe("3P");
    expect(formatNumber(4e18)).toBe("4E");
  });

  it("steps by 1024 for storage", () => {
    expect(formatNumber(200 * 1024 ** 2, 1, 1024)).toBe("200M");
    expect(formatNumber(4096 * 1024 ** 2, 1, 1024)).toBe("4G");
    expect(formatNumber(1536 * 1024 ** 2, 1, 1024)).toBe("1.5G");
    expect(formatNumber(512, 1, 1024)).toBe("512");
  });

  it("groups thousands", () => {
    expect(toThousands(1234567)).toBe("1,234,567");
  });

  it("combines a high,low word pair into one number", () => {
    expect(combineWordPair("1,2")).toBe(65538);
    expect(combineWordPair("1")).toBeNull();
    expect(combineWordPair("70000,1")).toBeNull();
  });

  it("maps the unit status words", () => {
    expect(statusWordToNumber("STOP")).toBe(0);
    expect(statusWordToNumber("TH OFF")).toBe(1);
    expect(statusWordToNumber("TH ON")).toBe(2);
    expect(statusWordToNumber("ALARM")).toBe(3);
    expect(statusWordToNumber("OTHER")).toBeNull();
  });
});
