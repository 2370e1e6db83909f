/**
 * Where the task pages live (app/route-registry.ts: CheckerTaskList, createDataReport and
 * HistoricalRecords under the equipment centre) and the checker page a row links to.
 */
export const TASK_LIST_PATH = "/equipmentCenter/CheckerTaskList";
export const NEW_TASK_PATH = "/equipmentCenter/createDataReport";
export const TASK_HISTORY_PATH = "/equipmentCenter/HistoricalRecords";

export const checkerDetailPath = (deviceId: number): string => `/equipmentCenter/ckCheckerDetail?id=${deviceId}`;

/** A task page about one checker (`?deviceId=`), or about all of them. */
export const withChecker = (path: string, deviceId: number | null): string =>
  deviceId === null ? path : `${path}?deviceId=${deviceId}`;
