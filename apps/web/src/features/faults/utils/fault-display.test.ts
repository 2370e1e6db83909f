import { describe, expect, it } from "vitest";
import { addressParts, checkSteps, devicePath, faultDuration } from "./fault-display.ts";

describe("fault display", () => {
  const at = "2026-03-01T08:00:00Z";
  it("says how long a fault lasted in a sensible unit", () => {
    expect(faultDuration(at, "2026-03-01T08:20:00Z", 0)).toEqual({ unit: "minutes", n: 20 });
    expect(faultDuration(at, "2026-03-01T08:00:10Z", 0)).toEqual({ unit: "minutes", n: 1 });
    expect(faultDuration(at, "2026-03-02T10:00:00Z", 0)).toEqual({ unit: "hours", n: 26 });
    expect(faultDuration(at, "2026-03-05T08:00:00Z", 0)).toEqual({ unit: "days", n: 4 });
    expect(faultDuration(at, null, Date.parse("2026-03-01T11:00:00Z"))).toEqual({ unit: "hours", n: 3 });
  });

  it("lists only the address parts a fault has", () => {
    expect(addressParts({ systemNumber: 0, outdoorAddress: null, indoorAddress: 12 })).toEqual([
      { key: "system", n: 0 },
      { key: "indoor", n: 12 },
    ]);
    expect(addressParts({ systemNumber: null, outdoorAddress: null, indoorAddress: null })).toEqual([]);
  });

  it("splits suggested checks into steps in either language", () => {
    expect(checkSteps("Check the cable; confirm the shield; measure 5 V.")).toEqual([
      "Check the cable",
      "Confirm the shield",
      "Measure 5 V",
    ]);
    expect(checkSteps("检查通信线；确认地址。")).toEqual(["检查通信线", "确认地址"]);
  });

  it("links a device to the detail page of its kind", () => {
    expect(devicePath("himit", 3)).toBe("/equipmentCenter/HiMitDeviceDetails?id=3");
    expect(devicePath("checker", 9)).toBe("/equipmentCenter/CheckerDetail?id=9");
  });
});
