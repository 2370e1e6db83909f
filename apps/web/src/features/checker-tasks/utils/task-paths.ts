import { ENDED_TASK_STATUSES, type TCheckerTask } from "@vrf/contract/hi-checker/tasks.ts";

/**
 * Where the task pages live (app/route-registry.ts: CheckerTaskList, createDataReport,
 * HistoricalRecords, MessageReport and checkerData under the equipment centre) and the checker
 * page a row links to.
 */
export const TASK_LIST_PATH = "/equipmentCenter/CheckerTaskList";
export const NEW_TASK_PATH = "/equipmentCenter/createDataReport";
export const TASK_HISTORY_PATH = "/equipmentCenter/HistoricalRecords";
export const MESSAGE_REPORT_PATH = "/equipmentCenter/MessageReport";
export const CHECKER_DATA_PATH = "/equipmentCenter/checkerData";

export const checkerDetailPath = (deviceId: number): string => `/equipmentCenter/ckCheckerDetail?id=${deviceId}`;

/** A task page about one checker (`?deviceId=`), or about all of them. */
export const withChecker = (path: string, deviceId: number | null): string =>
  deviceId === null ? path : `${path}?deviceId=${deviceId}`;

/** A capture task's frames (MessageReport) or a collection task's unit data (checkerData). */
export const taskDataPagePath = (task: Pick<TCheckerTask, "id" | "kind">): string =>
  `${task.kind === "capture" ? MESSAGE_REPORT_PATH : CHECKER_DATA_PATH}?taskId=${encodeURIComponent(task.id)}`;

/** The page of what a task gathered, once its checker started it; null before (nothing to show). */
export const taskDataPath = (task: Pick<TCheckerTask, "id" | "kind" | "startedAt">): string | null =>
  task.startedAt === null ? null : taskDataPagePath(task);

/** Where a task's page sends the user back to: the open tasks while it runs, else the history. */
export const taskListPathOf = (task: Pick<TCheckerTask, "status" | "deviceId">): string =>
  withChecker(ENDED_TASK_STATUSES.includes(task.status) ? TASK_HISTORY_PATH : TASK_LIST_PATH, task.deviceId);
