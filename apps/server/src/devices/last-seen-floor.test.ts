import { describe, expect, it } from "vitest";
import { createLastSeenFloor } from "./last-seen-floor.ts";

describe("last seen floor", () => {
  const at = (s: number) => new Date(s * 1000);

  it("covers reports within the step of a last seen the row is known to hold, and no others", () => {
    const floor = createLastSeenFloor({ stepMs: 30_000, now: () => 0 });
    expect(floor.covers(1, at(10))).toBe(false);
    floor.raise(1, at(100));
    expect(floor.covers(1, at(100))).toBe(true);
    expect(floor.covers(1, at(130))).toBe(true);
    expect(floor.covers(1, at(130.001))).toBe(false);
    expect(floor.covers(2, at(100))).toBe(false);
  });

  it("only rises, as the column does", () => {
    const floor = createLastSeenFloor({ stepMs: 30_000, now: () => 0 });
    floor.raise(1, at(200));
    floor.raise(1, at(150));
    expect(floor.covers(1, at(229))).toBe(true);
  });

  it("drops floors too old to cover a new report", () => {
    let clock = 0;
    const floor = createLastSeenFloor({ stepMs: 30_000, now: () => clock });
    floor.raise(1, at(0));
    clock = 45_000;
    floor.raise(2, at(45));
    // Swept at most once a step: at 80 s device 1's floor (0 s) is past twice the step.
    clock = 80_000;
    floor.raise(2, at(80));
    expect(floor.size()).toBe(1);
    expect(floor.covers(2, at(100))).toBe(true);
  });
});
