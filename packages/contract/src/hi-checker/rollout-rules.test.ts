import { describe, expect, it } from "vitest";
import {
  dispatchCapacity,
  exceedsFailureShare,
  rolloutMayMove,
  rolloutStateAfter,
  type TargetCounts,
  targetMayMove,
} from "./rollout-rules.ts";

const counts = (over: Partial<TargetCounts>): TargetCounts => ({
  pending: 0,
  downloading: 0,
  installing: 0,
  done: 0,
  failed: 0,
  ...over,
});

describe("a rollout's failure share", () => {
  it("halts only when the failed share exceeds the chosen one", () => {
    expect(exceedsFailureShare(counts({ failed: 2, done: 8 }), 20)).toBe(false);
    expect(exceedsFailureShare(counts({ failed: 3, done: 7 }), 20)).toBe(true);
    // Counted against every target, those not started included.
    expect(exceedsFailureShare(counts({ failed: 1, pending: 9 }), 20)).toBe(false);
    expect(exceedsFailureShare(counts({ failed: 1, pending: 1 }), 20)).toBe(true);
    expect(exceedsFailureShare(counts({ failed: 1 }), 0)).toBe(true);
    expect(exceedsFailureShare(counts({ failed: 5 }), 100)).toBe(false);
    expect(exceedsFailureShare(counts({}), 0)).toBe(false);
  });

  it("moves a running or paused rollout to halted, and one with nothing open to finished", () => {
    expect(rolloutStateAfter("running", counts({ failed: 3, done: 7 }), 20)).toBe("halted");
    expect(rolloutStateAfter("paused", counts({ failed: 3, pending: 7 }), 20)).toBe("halted");
    expect(rolloutStateAfter("running", counts({ failed: 2, done: 8 }), 20)).toBe("finished");
    expect(rolloutStateAfter("paused", counts({ done: 2 }), 20)).toBe("finished");
    expect(rolloutStateAfter("running", counts({ downloading: 1, done: 2 }), 20)).toBe("running");
    expect(rolloutStateAfter("paused", counts({ pending: 1 }), 20)).toBe("paused");
    // Ended rollouts stay as they are.
    expect(rolloutStateAfter("halted", counts({ done: 10 }), 20)).toBe("halted");
    expect(rolloutStateAfter("finished", counts({ failed: 10 }), 20)).toBe("finished");
  });
});

describe("dispatching a rollout", () => {
  it("sends no more than the limit at once, and none while paused, halted or finished", () => {
    expect(dispatchCapacity("running", counts({ pending: 10 }), 3)).toBe(3);
    expect(dispatchCapacity("running", counts({ pending: 10, downloading: 1, installing: 1 }), 3)).toBe(1);
    expect(dispatchCapacity("running", counts({ pending: 10, downloading: 4 }), 3)).toBe(0);
    expect(dispatchCapacity("running", counts({ pending: 2 }), 5)).toBe(2);
    for (const state of ["paused", "halted", "finished"] as const)
      expect(dispatchCapacity(state, counts({ pending: 10 }), 3), state).toBe(0);
  });

  it("pauses only a running rollout and resumes only a paused one", () => {
    expect(rolloutMayMove("running", "paused")).toBe(true);
    expect(rolloutMayMove("paused", "running")).toBe(true);
    expect(rolloutMayMove("paused", "paused")).toBe(false);
    expect(rolloutMayMove("halted", "running")).toBe(false);
    expect(rolloutMayMove("finished", "paused")).toBe(false);
  });
});

describe("a target's reports", () => {
  it("move it forward only; an ended target stays ended", () => {
    expect(targetMayMove("pending", "downloading")).toBe(true);
    expect(targetMayMove("downloading", "downloading")).toBe(true);
    expect(targetMayMove("downloading", "installing")).toBe(true);
    expect(targetMayMove("installing", "done")).toBe(true);
    expect(targetMayMove("installing", "downloading")).toBe(false);
    expect(targetMayMove("pending", "installing")).toBe(false);
    expect(targetMayMove("done", "failed")).toBe(false);
    expect(targetMayMove("failed", "downloading")).toBe(false);
  });
});
