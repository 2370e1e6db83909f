import { describe, expect, it } from "vitest";
import { type DeviceEvent, keysForEvent } from "../../../lib/device-events.ts";
import { taskEventMatters, taskListLive } from "./live-keys.ts";

const task = (deviceId: number, status: string): DeviceEvent => ({
  type: "task",
  organisationId: 1,
  deviceId,
  taskId: "7f1d7a52-5b8e-4c3a-9c4e-0d6f0f1e2a3b",
  status,
});

describe("the task lists' live refreshes", () => {
  it("refresh the open list on any task event of its checkers", () => {
    const matters = taskEventMatters("open", null);
    expect(keysForEvent(taskListLive("open"), task(3, "running"), matters)).toEqual([
      ["checker-tasks", "list", "open"],
    ]);
    expect(matters(task(3, "stopped"))).toBe(true);
  });

  it("hear one checker only when the list shows one", () => {
    const matters = taskEventMatters("open", 3);
    expect(matters(task(3, "running"))).toBe(true);
    expect(matters(task(4, "running"))).toBe(false);
  });

  it("refresh the history only when a task ended", () => {
    const matters = taskEventMatters("ended", null);
    expect(matters(task(3, "running"))).toBe(false);
    expect(matters(task(3, "stopping"))).toBe(false);
    for (const status of ["finished", "stopped", "failed"]) expect(matters(task(3, status))).toBe(true);
    expect(keysForEvent(taskListLive("ended"), task(3, "failed"), matters)).toEqual([
      ["checker-tasks", "list", "ended"],
    ]);
  });

  it("ignore other device events", () => {
    const state: DeviceEvent = { type: "deviceState", organisationId: 1, deviceId: 3, status: "offline" };
    expect(keysForEvent(taskListLive("open"), state, taskEventMatters("open", null))).toEqual([]);
  });
});
