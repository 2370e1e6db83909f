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

/** The message report hears its own task: its state, and the frame count moving while it runs. */
export const frameReportLive = (taskId: string): LiveKeyMap => ({
  task: [checkerTaskKeys.task(taskId), checkerTaskKeys.frames(taskId)],
});

/** An event of this task (frames arriving, its state changing); other tasks are no concern of its page. */
export const isEventOfTask =
  (taskId: string) =>
  (event: DeviceEvent): boolean =>
    event.type === "task" && event.taskId === taskId;

/**
 * The collected-data page hears its task (state, report counts) and, while the task is under way,
 * its checker's new unit reports: the readings and the charts move on. The checker's units are
 * refetched on its reports only while it has none to choose from (`awaitingUnitsOf`, the
 * checker's id), not on every report.
 */
export const collectedDataLive = (taskId: string, awaitingUnitsOf: number | null = null): LiveKeyMap => ({
  task: [checkerTaskKeys.task(taskId), checkerTaskKeys.readings(taskId), checkerTaskKeys.unitHistory(taskId)],
  units: [
    checkerTaskKeys.readings(taskId),
    checkerTaskKeys.unitHistory(taskId),
    ...(awaitingUnitsOf === null ? [] : [checkerTaskKeys.units(awaitingUnitsOf)]),
  ],
});

/**
 * Which events can change the collected-data page: its own task's, and its checker's unit
 * reports while the task runs (or is being stopped), of the chosen unit's system when known.
 */
export const collectedDataEventMatters =
  (taskId: string, task: { deviceId: number; status: TTaskStatus } | undefined, systemNumber: number | null) =>
  (event: DeviceEvent): boolean => {
    if (event.type === "task") return event.taskId === taskId;
    if (event.type !== "units" || !task || event.deviceId !== task.deviceId) return false;
    if (task.status !== "running" && task.status !== "stopping") return false;
    return systemNumber === null || event.systems.includes(systemNumber);
  };
