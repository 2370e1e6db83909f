import { describe, expect, it } from "vitest";
import { keysForEvent } from "../../../lib/device-events.ts";
import { rolloutKeys } from "../api/query-keys.ts";
import {
  checkerChoiceLive,
  isEventOfRollout,
  isShownChecker,
  rolloutDetailLive,
  rolloutListLive,
  rolloutTargetsLive,
} from "./live-keys.ts";

const ids = { organisationId: 1, deviceId: 7 };
const ROLLOUT = "0b5c4a52-3f0e-4d7e-9a51-6c1f2b8e9d10";

describe("what live events refresh on the rollouts", () => {
  it("refreshes the rollout list on any rollout event", () => {
    const event = { type: "rollout" as const, ...ids, rolloutId: "other", state: "done" };
    expect(keysForEvent(rolloutListLive, event)).toEqual([rolloutKeys.lists]);
    expect(keysForEvent(rolloutListLive, { type: "deviceState", ...ids, status: "online" })).toEqual([]);
  });

  it("refreshes a rollout's detail and targets on its own events only", () => {
    const map = rolloutDetailLive(ROLLOUT);
    const own = { type: "rollout" as const, ...ids, rolloutId: ROLLOUT, state: "downloading" };
    const match = isEventOfRollout(ROLLOUT);
    expect(keysForEvent(map, own, match)).toEqual([rolloutKeys.one(ROLLOUT), rolloutKeys.targets(ROLLOUT)]);
    expect(keysForEvent(map, { ...own, rolloutId: "another" }, match)).toEqual([]);
  });

  it("refreshes the targets when a shown checker connects or drops", () => {
    const map = rolloutTargetsLive(ROLLOUT);
    const match = isShownChecker(new Set([7]));
    const connected = { type: "deviceState" as const, ...ids, status: "online" };
    expect(keysForEvent(map, connected, match)).toEqual([rolloutKeys.targets(ROLLOUT)]);
    expect(keysForEvent(map, { ...connected, deviceId: 8 }, match)).toEqual([]);
  });

  it("refreshes the checker choice on connections and tasks", () => {
    expect(keysForEvent(checkerChoiceLive, { type: "task", ...ids, taskId: "t", status: "running" })).toEqual([
      rolloutKeys.checkers,
    ]);
  });
});
