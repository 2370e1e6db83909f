import { describe, expect, it } from "vitest";
import { type DeviceEvent, keysForEvent } from "../../../lib/device-events.ts";
import {
  collectedDataEventMatters,
  collectedDataLive,
  frameReportLive,
  isEventOfTask,
  taskEventMatters,
  taskListLive,
} from "./live-keys.ts";

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

describe("a task page's live refreshes", () => {
  const ID = "7f1d7a52-5b8e-4c3a-9c4e-0d6f0f1e2a3b";
  const OTHER = "00000000-0000-4000-8000-000000000000";
  const ofTask = (taskId: string, deviceId = 3): DeviceEvent => ({
    type: "task",
    organisationId: 1,
    deviceId,
    taskId,
    status: "running",
  });
  const units = (deviceId: number, systems: number[]): DeviceEvent => ({
    type: "units",
    organisationId: 1,
    deviceId,
    systems,
  });

  it("refresh the message report's task and frames on its own task's events only", () => {
    const matters = isEventOfTask(ID);
    expect(keysForEvent(frameReportLive(ID), ofTask(ID), matters)).toEqual([
      ["checker-tasks", "task", ID],
      ["checker-tasks", "frames", ID],
    ]);
    expect(keysForEvent(frameReportLive(ID), ofTask(OTHER), matters)).toEqual([]);
    expect(keysForEvent(frameReportLive(ID), units(3, [1]), matters)).toEqual([]);
  });

  it("refresh the collected data on its task's events, and on its checker's reports while it runs", () => {
    const running = collectedDataEventMatters(ID, { deviceId: 3, status: "running" }, 1);
    expect(running(ofTask(ID))).toBe(true);
    expect(running(ofTask(OTHER))).toBe(false);
    expect(running(units(3, [1, 2]))).toBe(true);
    expect(running(units(3, [2]))).toBe(false);
    expect(running(units(4, [1]))).toBe(false);
    expect(keysForEvent(collectedDataLive(ID), units(3, [1]), running)).toEqual([
      ["checker-tasks", "readings", ID],
      ["checker-tasks", "unit-history", ID],
    ]);
    expect(keysForEvent(collectedDataLive(ID, 3), units(3, [1]), running)).toContainEqual([
      "checker-tasks",
      "units",
      3,
    ]);
  });

  it("let an ended collection's page be, whatever its checker reports", () => {
    const ended = collectedDataEventMatters(ID, { deviceId: 3, status: "finished" }, 1);
    expect(ended(units(3, [1]))).toBe(false);
    expect(collectedDataEventMatters(ID, undefined, null)(units(3, [1]))).toBe(false);
  });
});
