import { describe, expect, it } from "vitest";
import { deviceDetailPath, projectDetailPath, repairReportDetailPath, repairReportListPath } from "./links.ts";

describe("links out of a repair report", () => {
  it("opens the detail page of the device's kind", () => {
    expect(deviceDetailPath("himit", 7)).toBe("/equipmentCenter/HiMitDeviceDetails?id=7");
    expect(deviceDetailPath("hidom", 7)).toBe("/equipmentCenter/HiDomDeviceDetails?id=7");
    expect(deviceDetailPath("smarttouch", 7)).toBe("/equipmentCenter/SmartTouchDeviceDetails?id=7");
    expect(deviceDetailPath("checker", 7)).toBe("/equipmentCenter/CheckerDetail?id=7");
  });

  it("uses query parameters for details and the status preselection", () => {
    expect(projectDetailPath(3)).toBe("/projectMangement/projectDetail?id=3");
    expect(repairReportDetailPath(42)).toBe("/equipmentCenter/RepairReportDetail?id=42");
    expect(repairReportListPath(0)).toBe("/equipmentCenter/Repairreport?status=0");
    expect(repairReportListPath()).toBe("/equipmentCenter/Repairreport");
  });
});
