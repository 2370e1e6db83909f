import { describe, expect, it } from "vitest";
import {
  DASHBOARD_LINKS,
  deviceListPath,
  faultCodePath,
  faultDayPath,
  percent,
  repairReportsPath,
  subDistributorsPath,
} from "./dashboard-links.ts";

describe("dashboard links", () => {
  it("leads each figure to its filtered list", () => {
    expect(DASHBOARD_LINKS.openFaults).toBe("/equipmentCenter/faultanalysis?state=open");
    expect(deviceListPath("checker")).toBe("/equipmentCenter/HiMitChecker");
    expect(deviceListPath("smarttouch")).toBe("/equipmentCenter/SmartTouch");
    expect(repairReportsPath(1)).toBe("/equipmentCenter/Repairreport?status=1");
    expect(subDistributorsPath(4)).toBe("/platformCenter/distributorManagement?status=4");
    expect(faultCodePath("E01")).toBe("/equipmentCenter/faultanalysis?code=E01");
    expect(faultDayPath("2026-02-14")).toBe("/equipmentCenter/faultanalysis?from=2026-02-14&to=2026-02-14");
  });

  it("rounds shares and has none of nothing", () => {
    expect(percent(2, 3)).toBe(67);
    expect(percent(0, 5)).toBe(0);
    expect(percent(0, 0)).toBeNull();
  });
});
