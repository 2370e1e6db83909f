import { describe, expect, it } from "vitest";
import { createLastSeenFloor, lastSeenDue, lastSeenPhase } from "./last-seen-floor.ts";

const STEP = 30_000;

describe("last seen floor", () => {
  const at = (ms: number) => new Date(ms);
  /** A time at which device `id`'s step starts (its phase puts the start there). */
  const stepStart = (id: number, n: number) => n * STEP - lastSeenPhase(id, STEP);

  it("covers reports in the step of a last seen the row is known to hold, and no others", () => {
    const floor = createLastSeenFloor({ stepMs: STEP, now: () => 0 });
    const start = stepStart(1, 100);
    expect(floor.covers(1, at(start + 10))).toBe(false);
    floor.raise(1, at(start + 1_000));
    expect(floor.covers(1, at(start + 1_000))).toBe(true);
    expect(floor.covers(1, at(start + STEP - 1))).toBe(true);
    // The device's next step: its row's last seen is due to move.
    expect(floor.covers(1, at(start + STEP))).toBe(false);
    expect(floor.covers(2, at(start + 1_000))).toBe(false);
  });

  it("only rises, as the column does", () => {
    const floor = createLastSeenFloor({ stepMs: STEP, now: () => 0 });
    const start = stepStart(1, 200);
    floor.raise(1, at(start + 5_000));
    floor.raise(1, at(start - 50_000));
    expect(floor.covers(1, at(start + STEP - 1))).toBe(true);
  });

  it("drops floors too old to cover a new report", () => {
    let clock = 0;
    const floor = createLastSeenFloor({ stepMs: STEP, now: () => clock });
    floor.raise(1, at(0));
    clock = 45_000;
    floor.raise(2, at(45_000));
    // Swept at most once a step: at 80 s device 1's floor (0 s) is past twice the step.
    clock = 80_000;
    floor.raise(2, at(80_000));
    expect(floor.size()).toBe(1);
    expect(floor.covers(2, at(80_000))).toBe(true);
  });
});

describe("last seen steps", () => {
  it("start each device's step where its phase puts it, a step apart", () => {
    const seen = 1_800_000_000_000;
    for (const id of [1, 2, 77, 123_456, 2 ** 40 + 3]) {
      const due = lastSeenDue(id, seen, STEP);
      expect(due).toBeLessThanOrEqual(seen);
      expect(seen - due).toBeLessThan(STEP);
      expect((due + lastSeenPhase(id, STEP)) % STEP).toBe(0);
      expect(lastSeenDue(id, due + STEP - 1, STEP)).toBe(due);
      expect(lastSeenDue(id, due + STEP, STEP)).toBe(due + STEP);
    }
  });

  it("spread a fleet's rewrites over the step instead of one second", () => {
    // 2,000 devices that all wrote their last seen at the same moment: the second of the step in
    // which each is next due.
    const perSecond = new Map<number, number>();
    for (let id = 1; id <= 2_000; id++) {
      const second = Math.floor(lastSeenPhase(id, STEP) / 1_000);
      perSecond.set(second, (perSecond.get(second) ?? 0) + 1);
    }
    expect(perSecond.size).toBe(30);
    expect(Math.max(...perSecond.values())).toBeLessThan(2_000 / 30 + 30);
  });
});
