import { describe, expect, it } from "vitest";
import { fillDays, lastDays, localDayOf, startOfLocalDay } from "./fault-days.ts";

describe("fault days", () => {
  it("puts an instant on the viewer's local day", () => {
    const instant = new Date("2026-03-01T20:30:00Z");
    expect(localDayOf(instant, 0)).toBe("2026-03-01");
    expect(localDayOf(instant, 480)).toBe("2026-03-02");
    expect(localDayOf(new Date("2026-03-01T02:00:00Z"), -300)).toBe("2026-02-28");
  });

  it("starts a local day at the right instant", () => {
    expect(startOfLocalDay("2026-03-02", 480).toISOString()).toBe("2026-03-01T16:00:00.000Z");
  });

  it("spans the last n days ending today, across a month end", () => {
    expect(lastDays(new Date("2026-03-01T08:00:00Z"), 30, 0)).toEqual({ first: "2026-01-31", last: "2026-03-01" });
  });

  it("fills the gaps between counted days with zeros", () => {
    const filled = fillDays([{ day: "2026-02-27", total: 3, open: 1 }], "2026-02-26", "2026-02-28", {
      total: 0,
      open: 0,
    });
    expect(filled).toEqual([
      { day: "2026-02-26", total: 0, open: 0 },
      { day: "2026-02-27", total: 3, open: 1 },
      { day: "2026-02-28", total: 0, open: 0 },
    ]);
  });

  it("keeps only the latest days when the span is too long, and nothing for an empty span", () => {
    const filled = fillDays<{ day: string; total: number }>([], "2026-01-01", "2026-03-01", { total: 0 }, 5);
    expect(filled.map((d) => d.day)).toEqual(["2026-02-25", "2026-02-26", "2026-02-27", "2026-02-28", "2026-03-01"]);
    expect(fillDays<{ day: string; total: number }>([], "2026-03-02", "2026-03-01", { total: 0 })).toEqual([]);
  });
});
