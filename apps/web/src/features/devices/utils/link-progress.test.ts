import { PROGRESS_STEPS } from "@vrf/contract/device/messages.ts";
import { describe, expect, it } from "vitest";
import {
  isConnecting,
  LINK_CONNECTED_SHOWN_MS,
  LINK_STEP_FRESH_MS,
  type LinkProgress,
  linkPercent,
  linkPhase,
  linkStageIndex,
} from "./link-progress.ts";

const NOW = Date.parse("2026-11-23T12:00:00.000Z");
const progress = (step: number, agoMs: number): LinkProgress => ({
  step,
  stage: "handshake",
  at: new Date(NOW - agoMs).toISOString(),
});

describe("linkPhase", () => {
  it("is connecting while steps below 100 come in, until the last one is a few minutes old", () => {
    expect(linkPhase(progress(5, 0), "standby", NOW)).toBe("connecting");
    expect(linkPhase(progress(90, LINK_STEP_FRESH_MS), "standby", NOW)).toBe("connecting");
    expect(linkPhase(progress(90, LINK_STEP_FRESH_MS + 1), "standby", NOW)).toBeNull();
    expect(isConnecting(progress(55, 1_000), "collecting", NOW)).toBe(true);
  });

  it("shows connected for a while after step 100, then nothing", () => {
    expect(linkPhase(progress(100, 0), "standby", NOW)).toBe("connected");
    expect(linkPhase(progress(100, LINK_CONNECTED_SHOWN_MS), "standby", NOW)).toBe("connected");
    expect(linkPhase(progress(100, LINK_CONNECTED_SHOWN_MS + 1), "standby", NOW)).toBeNull();
    expect(isConnecting(progress(100, 0), "standby", NOW)).toBe(false);
  });

  it("shows nothing for an offline checker, no progress or an unreadable time", () => {
    expect(linkPhase(progress(40, 0), "offline", NOW)).toBeNull();
    expect(linkPhase(null, "standby", NOW)).toBeNull();
    expect(linkPhase({ step: 40, stage: "systemInfo", at: "soon" }, "standby", NOW)).toBeNull();
  });

  it("counts a step reported ahead of the browser's clock as fresh", () => {
    expect(linkPhase(progress(20, -30_000), "standby", NOW)).toBe("connecting");
  });
});

describe("linkPercent and linkStageIndex", () => {
  it("maps every firmware step to its percent and stage, as SPEC section 4 lays them out", () => {
    const stages = PROGRESS_STEPS.map((step) => [step, linkPercent(step), linkStageIndex(step)]);
    expect(stages).toEqual([
      [5, 5, 0],
      [10, 10, 0],
      [15, 15, 0],
      [20, 20, 0],
      [25, 25, 1],
      [30, 30, 1],
      [35, 35, 1],
      [40, 40, 1],
      [45, 45, 2],
      [50, 50, 2],
      [55, 55, 2],
      [60, 60, 2],
      [65, 65, 3],
      [70, 70, 3],
      [75, 75, 3],
      [80, 80, 3],
      [90, 90, 3],
      [100, 100, 4],
    ]);
  });

  it("keeps odd values within the bar", () => {
    expect(linkPercent(120)).toBe(100);
    expect(linkPercent(-5)).toBe(0);
    expect(linkPercent(Number.NaN)).toBe(0);
    expect(linkStageIndex(0)).toBe(0);
  });
});
