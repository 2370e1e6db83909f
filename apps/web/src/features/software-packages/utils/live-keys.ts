import type { DeviceEvent, LiveKeyMap } from "../../../lib/device-events.ts";
import { rolloutKeys } from "../api/query-keys.ts";

/** The rollout list moves with every checker's update (its counts, its state). */
export const rolloutListLive: LiveKeyMap = { rollout: [rolloutKeys.lists] };

/** A rollout's detail: its own counts and state, and its checkers' rows, move with its events. */
export const rolloutDetailLive = (rolloutId: string): LiveKeyMap => ({
  rollout: [rolloutKeys.one(rolloutId), rolloutKeys.targets(rolloutId)],
});

/** Other rollouts' events are no concern of a rollout's detail. */
export const isEventOfRollout =
  (rolloutId: string) =>
  (event: DeviceEvent): boolean =>
    event.type === "rollout" && event.rolloutId === rolloutId;

/** A rollout's checkers show their connection: a checker connecting lets its waiting update go. */
export const rolloutTargetsLive = (rolloutId: string): LiveKeyMap => ({
  deviceState: [rolloutKeys.targets(rolloutId)],
});

/** A connection change of a checker on the shown page of targets (other checkers' dots are not on screen). */
export const isShownChecker =
  (shownDevices: ReadonlySet<number>) =>
  (event: DeviceEvent): boolean =>
    event.type === "deviceState" && shownDevices.has(event.deviceId);

/** The new rollout's checker choice shows each checker's connection and whether a task runs on it. */
export const checkerChoiceLive: LiveKeyMap = {
  deviceState: [rolloutKeys.checkers],
  task: [rolloutKeys.checkers],
};
