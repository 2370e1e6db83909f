import { ENDED_TASK_STATUSES, type TTaskStatus } from "@vrf/contract/hi-checker/tasks.ts";
import type { DeviceEvent, LiveKeyMap } from "../../../lib/device-events.ts";
import { checkerTaskKeys } from "../api/query-keys.ts";
import type { TaskListKind } from "./list-query.ts";

/** A task list hears its checkers' task events: a state change, or a running task's counts moving. */
export const taskListLive = (list: TaskListKind): LiveKeyMap => ({ task: [checkerTaskKeys.lists(list)] });

/** The new-task form's checker choices show each checker's state, which tasks and connections change. */
export const checkerChoicesLive: LiveKeyMap = {
  deviceState: [checkerTaskKeys.checkers],
  task: [checkerTaskKeys.checkers],
};

const ended = (status: string) => ENDED_TASK_STATUSES.includes(status as TTaskStatus);

/**
 * Whether a task event can change a list: one filtered by a checker hears that checker only,
 * and the history hears only tasks that ended (a running task's counts do not change it).
 */
export const taskEventMatters =
  (list: TaskListKind, deviceId: number | null) =>
  (event: DeviceEvent): boolean =>
    event.type === "task" &&
    (deviceId === null || event.deviceId === deviceId) &&
    (list === "open" || ended(event.status));
