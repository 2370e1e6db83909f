import { describe, expect, it } from "vitest";
import {
  haltedExplanation,
  rolloutAction,
  rolloutProgress,
  stagePercent,
  targetTotal,
  waitsForConnection,
} from "./rollout-progress.ts";

const counts = (pending: number, downloading: number, installing: number, done: number, failed: number) => ({
  pending,
  downloading,
  installing,
  done,
  failed,
});

describe("a rollout's progress", () => {
  it("makes the bar of the ended targets, the done ones its green part", () => {
    expect(rolloutProgress(counts(4, 1, 1, 3, 1))).toEqual({
      total: 10,
      done: 3,
      failed: 1,
      open: 6,
      endedPercent: 40,
      donePercent: 30,
    });
  });

  it("shows an empty bar for no targets rather than dividing by nothing", () => {
    expect(rolloutProgress(counts(0, 0, 0, 0, 0))).toMatchObject({ total: 0, endedPercent: 0, donePercent: 0 });
  });

  it("counts every state", () => {
    expect(targetTotal(counts(1, 2, 3, 4, 5))).toBe(15);
  });
});

describe("a halted rollout's explanation", () => {
  it("gives failed of all, the chosen share and those never sent the update", () => {
    expect(haltedExplanation({ counts: counts(5, 0, 0, 2, 3), failureSharePercent: 20 })).toEqual({
      failed: 3,
      total: 10,
      share: 20,
      untouched: 5,
    });
  });
});

describe("what a rollout and its targets offer", () => {
  it("pauses a running rollout and resumes a paused one, nothing else", () => {
    expect(rolloutAction("running")).toBe("pause");
    expect(rolloutAction("paused")).toBe("resume");
    expect(rolloutAction("halted")).toBeNull();
    expect(rolloutAction("finished")).toBeNull();
  });

  it("shows a stage bar only while downloading or installing", () => {
    expect(stagePercent({ state: "downloading", percent: 42 })).toBe(42);
    expect(stagePercent({ state: "installing", percent: 140 })).toBe(100);
    expect(stagePercent({ state: "done", percent: 100 })).toBeNull();
    expect(stagePercent({ state: "pending", percent: 0 })).toBeNull();
  });

  it("says a waiting target of an offline checker waits for it to connect", () => {
    expect(waitsForConnection({ state: "pending", online: false }, "running")).toBe(true);
    expect(waitsForConnection({ state: "pending", online: false }, "paused")).toBe(true);
    expect(waitsForConnection({ state: "pending", online: true }, "running")).toBe(false);
    // A halted rollout sends nothing more: its waiting checkers wait for nothing.
    expect(waitsForConnection({ state: "pending", online: false }, "halted")).toBe(false);
    expect(waitsForConnection({ state: "failed", online: false }, "running")).toBe(false);
  });
});
