import { describe, expect, it } from "vitest";
import {
  allKeys,
  type CoalescerTimers,
  createCoalescer,
  type DeviceEvent,
  keysForEvent,
  type LiveKeyMap,
  parseDeviceEvent,
} from "./device-events.ts";

const units: DeviceEvent = { type: "units", organisationId: 1, deviceId: 7, systems: [0] };

describe("parseDeviceEvent", () => {
  it("reads the device events of the live socket", () => {
    expect(parseDeviceEvent({ type: "device", payload: units })).toEqual(units);
    expect(
      parseDeviceEvent({
        type: "device",
        payload: { type: "deviceState", organisationId: 1, deviceId: 7, status: "offline" },
      }),
    ).toEqual({ type: "deviceState", organisationId: 1, deviceId: 7, status: "offline" });
  });

  it("reads a command timeout as the command's timed_out event", () => {
    const payload = {
      type: "command",
      organisationId: 1,
      deviceId: 7,
      commandId: "c1",
      status: "timed_out",
      customerId: "u1",
      wifiId: "HM-1",
    };
    expect(parseDeviceEvent({ type: "commandTimeout", wifiId: "HM-1", payload })).toMatchObject({
      type: "command",
      commandId: "c1",
      status: "timed_out",
    });
  });

  it("reads a checker task's event", () => {
    const payload = { type: "task", organisationId: 1, deviceId: 7, taskId: "t-1", status: "running" };
    expect(parseDeviceEvent({ type: "device", payload })).toEqual(payload);
    expect(parseDeviceEvent({ type: "device", payload: { ...payload, taskId: undefined } })).toBeNull();
    expect(parseDeviceEvent({ type: "device", payload: { ...payload, status: 3 } })).toBeNull();
  });

  it("ignores other messages and malformed payloads", () => {
    expect(parseDeviceEvent({ type: "ackTimeout", wifiId: "HC-1" })).toBeNull();
    expect(parseDeviceEvent({ type: "device", payload: { type: "units", deviceId: "7" } })).toBeNull();
    expect(parseDeviceEvent({ type: "device", payload: { type: "somethingNew", deviceId: 7 } })).toBeNull();
    expect(parseDeviceEvent({ type: "device" })).toBeNull();
  });
});

describe("keysForEvent and allKeys", () => {
  const map: LiveKeyMap = {
    deviceState: [["devices", "controllers"], ["agency"]],
    units: [["devices", "indoor-units"]],
    faults: [["agency"], ["faults", "list"]],
  };

  it("maps an event to the keys its type names", () => {
    expect(keysForEvent(map, units)).toEqual([["devices", "indoor-units"]]);
    expect(keysForEvent(map, { type: "progress", organisationId: 1, deviceId: 7, step: 5 })).toEqual([]);
  });

  it("refreshes nothing for an event the page turns down", () => {
    expect(keysForEvent(map, units, (event) => event.deviceId === 8)).toEqual([]);
    expect(keysForEvent(map, units, (event) => event.deviceId === 7)).toEqual([["devices", "indoor-units"]]);
  });

  it("lists every key once, for a reconnect", () => {
    expect(allKeys(map)).toEqual([
      ["devices", "controllers"],
      ["agency"],
      ["devices", "indoor-units"],
      ["faults", "list"],
    ]);
  });
});

/** Timers driven by the test: `advance(ms)` runs what falls due, in order. */
const fakeTimers = () => {
  let now = 0;
  let timers: { at: number; run: () => void; id: number }[] = [];
  let nextId = 1;
  const api: CoalescerTimers & { advance(ms: number): void; pending(): number } = {
    set: (run, ms) => {
      const id = nextId++;
      timers.push({ at: now + ms, run, id });
      return id;
    },
    clear: (id) => {
      timers = timers.filter((timer) => timer.id !== id);
    },
    advance(ms) {
      const until = now + ms;
      for (;;) {
        const due = timers.filter((timer) => timer.at <= until).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        timers = timers.filter((timer) => timer !== due);
        now = due.at;
        due.run();
      }
      now = until;
    },
    pending: () => timers.length,
  };
  return api;
};

describe("createCoalescer", () => {
  it("runs the first request at once and folds a burst into one more run when the window ends", () => {
    const timers = fakeTimers();
    const runs: string[] = [];
    const coalescer = createCoalescer<string[]>({ windowMs: 1000, run: (key) => runs.push(key.join("/")), timers });
    coalescer.request(["devices"]);
    expect(runs).toEqual(["devices"]);
    for (let i = 0; i < 10; i += 1) {
      timers.advance(50);
      coalescer.request(["devices"]);
    }
    expect(runs).toEqual(["devices"]);
    timers.advance(500);
    expect(runs).toEqual(["devices", "devices"]);
    timers.advance(1000);
    expect(runs).toEqual(["devices", "devices"]);
    expect(timers.pending()).toBe(0);
  });

  it("refreshes a fleet reporting steadily about once per window, not once per report", () => {
    const timers = fakeTimers();
    let runs = 0;
    const coalescer = createCoalescer<string[]>({ windowMs: 1000, run: () => runs++, timers });
    // 100 devices each reporting every 10 s: ten reports a second for ten seconds.
    for (let i = 0; i < 100; i += 1) {
      coalescer.request(["devices", "indoor-units"]);
      timers.advance(100);
    }
    expect(runs).toBeGreaterThanOrEqual(9);
    expect(runs).toBeLessThanOrEqual(11);
  });

  it("keeps keys apart, and runs a request after a quiet window at once", () => {
    const timers = fakeTimers();
    const runs: string[] = [];
    const coalescer = createCoalescer<string[]>({ windowMs: 1000, run: (key) => runs.push(key.join("/")), timers });
    coalescer.request(["a"]);
    coalescer.request(["b"]);
    coalescer.request(["a"]);
    expect(runs).toEqual(["a", "b"]);
    timers.advance(1000);
    expect(runs).toEqual(["a", "b", "a"]);
    timers.advance(5000);
    coalescer.request(["b"]);
    expect(runs).toEqual(["a", "b", "a", "b"]);
  });

  it("drops what waits when disposed", () => {
    const timers = fakeTimers();
    let runs = 0;
    const coalescer = createCoalescer<string[]>({ windowMs: 1000, run: () => runs++, timers });
    coalescer.request(["a"]);
    coalescer.request(["a"]);
    coalescer.dispose();
    timers.advance(2000);
    expect(runs).toBe(1);
    expect(timers.pending()).toBe(0);
  });
});
