import { describe, expect, it } from "vitest";
import { deviceDetailPath, projectEditPath } from "./device-routes.ts";

describe("links out of a project", () => {
  it("opens each device kind on its own detail page", () => {
    expect(deviceDetailPath("himit", 4)).toBe("/equipmentCenter/HiMitDeviceDetails?id=4");
    expect(deviceDetailPath("hidom", 5)).toBe("/equipmentCenter/HiDomDeviceDetails?id=5");
    expect(deviceDetailPath("smarttouch", 6)).toBe("/equipmentCenter/SmartTouchDeviceDetails?id=6");
    expect(deviceDetailPath("checker", 7)).toBe("/equipmentCenter/CheckerDetail?id=7");
  });

  it("edits a project by its project ID", () => {
    expect(projectEditPath("P2026 1")).toBe("/projectMangement/projectWriteIn?projectCode=P2026%201");
  });
});
