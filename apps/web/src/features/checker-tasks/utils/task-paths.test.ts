import { describe, expect, it } from "vitest";
import { matchRoute } from "../../../app/route-registry.ts";
import {
  CHECKER_DATA_PATH,
  checkerDetailPath,
  MESSAGE_REPORT_PATH,
  NEW_TASK_PATH,
  TASK_HISTORY_PATH,
  TASK_LIST_PATH,
  taskDataPagePath,
  taskDataPath,
  taskListPathOf,
  withChecker,
} from "./task-paths.ts";

const ID = "7f1d7a52-5b8e-4c3a-9c4e-0d6f0f1e2a3b";

describe("task page addresses", () => {
  it("are the registry's routes of the task pages and the checker detail", () => {
    expect(matchRoute(TASK_LIST_PATH)?.name).toBe("CheckerTaskList");
    expect(matchRoute(NEW_TASK_PATH)?.name).toBe("createDataReport");
    expect(matchRoute(TASK_HISTORY_PATH)?.name).toBe("HistoricalRecords");
    expect(matchRoute(MESSAGE_REPORT_PATH)?.name).toBe("MessageReport");
    expect(matchRoute(CHECKER_DATA_PATH)?.name).toBe("checkerData");
    expect(matchRoute(checkerDetailPath(7).split("?")[0] ?? "")?.name).toBe("CkCheckerDetail");
  });

  it("name one checker in the query, or none", () => {
    expect(withChecker(TASK_LIST_PATH, 12)).toBe("/equipmentCenter/CheckerTaskList?deviceId=12");
    expect(withChecker(NEW_TASK_PATH, null)).toBe("/equipmentCenter/createDataReport");
    expect(checkerDetailPath(7)).toBe("/equipmentCenter/ckCheckerDetail?id=7");
  });

  it("lead a started task to its messages or its data", () => {
    const started = "2026-03-01T10:00:00.000Z";
    expect(taskDataPath({ id: ID, kind: "capture", startedAt: started })).toBe(
      `/equipmentCenter/MessageReport?taskId=${ID}`,
    );
    expect(taskDataPath({ id: ID, kind: "collection", startedAt: started })).toBe(
      `/equipmentCenter/checkerData?taskId=${ID}`,
    );
    expect(taskDataPath({ id: ID, kind: "capture", startedAt: null })).toBeNull();
    expect(taskDataPagePath({ id: ID, kind: "collection" })).toBe(`/equipmentCenter/checkerData?taskId=${ID}`);
  });

  it("send a task's page back to the list it is in", () => {
    expect(taskListPathOf({ status: "running", deviceId: 3 })).toBe("/equipmentCenter/CheckerTaskList?deviceId=3");
    expect(taskListPathOf({ status: "finished", deviceId: 3 })).toBe("/equipmentCenter/HistoricalRecords?deviceId=3");
  });
});
