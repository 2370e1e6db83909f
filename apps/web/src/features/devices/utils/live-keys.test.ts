import { describe, expect, it } from "vitest";
import { type DeviceEvent, keysForEvent } from "../../../lib/device-events.ts";
import { checkerStateLive, deviceDetailLive, deviceListLive, unitEventMatters, unitListLive } from "./live-keys.ts";

const event = (type: DeviceEvent["type"], deviceId = 7): DeviceEvent => {
  const base = { organisationId: 1, deviceId };
  switch (type) {
    case "deviceState":
      return { type, ...base, status: "offline" };
    case "units":
      return { type, ...base, systems: [0] };
    case "faults":
      return { type, ...base, projectId: 3 };
    case "progress":
      return { type, ...base, step: 50 };
    case "command":
      return { type, ...base, commandId: "c", status: "sent", customerId: "u" };
    case "task":
      return { type, ...base, taskId: "t", status: "running" };
    case "rollout":
      return { type, ...base, rolloutId: "r", state: "downloading" };
  }
};

describe("device live keys", () => {
  it("refreshes the Hi-Mit list on state and progress events, not on every unit report", () => {
    const map = deviceListLive("himit");
    expect(keysForEvent(map, event("deviceState"))).toEqual([["devices", "controllers"]]);
    expect(keysForEvent(map, event("progress"))).toEqual([["devices", "controllers"]]);
    expect(keysForEvent(map, event("units"))).toEqual([]);
    expect(keysForEvent(deviceListLive("checker"), event("deviceState"))).toEqual([["devices", "checkers"]]);
  });

  it("refreshes a device's page on its state, faults, units and commands", () => {
    const map = deviceDetailLive("himit", 7);
    expect(keysForEvent(map, event("deviceState"))).toEqual([["devices", "controller", "himit", 7]]);
    expect(keysForEvent(map, event("faults"))).toEqual([["devices", "controller", "himit", 7]]);
    expect(keysForEvent(map, event("units"))).toEqual([["devices", "controller", "himit", 7]]);
    expect(keysForEvent(map, event("command"))).toEqual([["devices", "commands", 7]]);
    expect(keysForEvent(deviceDetailLive("checker", 9), event("progress", 9))).toEqual([["devices", "checker", 9]]);
  });

  it("refreshes unit lists on unit reports and device state", () => {
    expect(keysForEvent(unitListLive("indoor"), event("units"))).toEqual([["devices", "indoor-units"]]);
    expect(keysForEvent(unitListLive("outdoor"), event("deviceState"))).toEqual([["devices", "outdoor-units"]]);
    expect(keysForEvent(unitListLive("outdoor"), event("faults"))).toEqual([]);
  });

  it("refreshes the system cycle diagram's checker on its state only (its unit lists refresh themselves)", () => {
    const map = checkerStateLive(9);
    expect(keysForEvent(map, event("deviceState", 9))).toEqual([["devices", "checker", 9]]);
    expect(keysForEvent(map, event("units", 9))).toEqual([]);
    expect(keysForEvent(map, event("progress", 9))).toEqual([]);
  });
});

describe("unitEventMatters", () => {
  it("lets through reports of devices on the page only, unless the list follows the reports", () => {
    expect(unitEventMatters(event("units", 7), new Set([7, 8]), false)).toBe(true);
    expect(unitEventMatters(event("units", 9), new Set([7, 8]), false)).toBe(false);
    expect(unitEventMatters(event("units", 9), new Set([7, 8]), true)).toBe(true);
  });
});
