import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import { relativeTimeText } from "./relative-time.ts";

const t = ((key: string, values?: { count?: number }) =>
  values?.count === undefined ? key : `${key}:${values.count}`) as unknown as TFunction;
const NOW = Date.parse("2026-03-10T12:00:00Z");
const ago = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();

describe("relativeTimeText", () => {
  it("follows SPEC's steps: just now, minutes, hours, one day", () => {
    expect(relativeTimeText(t, ago(10), NOW)).toBe("common:time.justNow");
    expect(relativeTimeText(t, ago(150), NOW)).toBe("common:time.minutesAgo:3");
    expect(relativeTimeText(t, ago(2 * 3600 + 5), NOW)).toBe("common:time.hoursAgo:3");
    expect(relativeTimeText(t, ago(30 * 3600), NOW)).toBe("common:time.oneDayAgo");
  });

  it("gives the date beyond two days", () => {
    expect(relativeTimeText(t, ago(3 * 86400), NOW)).toMatch(/^2026-03-07 \d{2}:00:00$/);
  });
});
