import { describe, expect, it } from "vitest";
import { CHECKER_DASHBOARD_LINKS, historyDayPath } from "./dashboard-links.ts";

describe("checker dashboard links", () => {
  it("lead each figure to the list it counts", () => {
    expect(CHECKER_DASHBOARD_LINKS.checkers).toBe("/equipmentCenter/ckHiMitChecker");
    expect(CHECKER_DASHBOARD_LINKS.offlineCheckers).toBe("/equipmentCenter/ckHiMitChecker?status=offline");
    expect(CHECKER_DASHBOARD_LINKS.openTasks).toBe("/equipmentCenter/CheckerTaskList");
    expect(CHECKER_DASHBOARD_LINKS.history).toBe("/equipmentCenter/HistoricalRecords");
  });

  it("open the history of one day, of one kind when a kind's bar was clicked", () => {
    expect(historyDayPath("2026-03-01")).toBe("/equipmentCenter/HistoricalRecords?from=2026-03-01&to=2026-03-01");
    expect(historyDayPath("2026-03-01", "capture")).toBe(
      "/equipmentCenter/HistoricalRecords?kind=capture&from=2026-03-01&to=2026-03-01",
    );
  });
});
