import { describe, expect, it } from "vitest";
import { matchRoute } from "../../../app/route-registry.ts";
import { checkerDetailPath, NEW_TASK_PATH, TASK_HISTORY_PATH, TASK_LIST_PATH, withChecker } from "./task-paths.ts";

describe("task page addresses", () => {
  it("are the registry's routes of the task pages and the checker detail", () => {
    expect(matchRoute(TASK_LIST_PATH)?.name).toBe("CheckerTaskList");
    expect(matchRoute(NEW_TASK_PATH)?.name).toBe("createDataReport");
    expect(matchRoute(TASK_HISTORY_PATH)?.name).toBe("HistoricalRecords");
    expect(matchRoute(checkerDetailPath(7).split("?")[0] ?? "")?.name).toBe("CkCheckerDetail");
  });

  it("name one checker in the query, or none", () => {
    expect(withChecker(TASK_LIST_PATH, 12)).toBe("/equipmentCenter/CheckerTaskList?deviceId=12");
    expect(withChecker(NEW_TASK_PATH, null)).toBe("/equipmentCenter/createDataReport");
    expect(checkerDetailPath(7)).toBe("/equipmentCenter/ckCheckerDetail?id=7");
  });
});
