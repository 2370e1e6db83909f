import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { type AddressInfo, createServer, type Server } from "node:net";
import {
  DEVICE_MESSAGE_SCHEMAS,
  PROGRESS_STEPS,
  type TCommandMessage,
  ZOnlineMessage,
  ZTelemetryMessage,
} from "@vrf/contract/device/messages.ts";
import { parseDeviceTopic } from "@vrf/contract/device/protocol.ts";
import { FAN_SPEEDS, type TUnitSettings, UNIT_MODES } from "@vrf/contract/device/units.ts";
import { Aedes } from "aedes";
import { connectAsync, type MqttClient } from "mqtt";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createSimulatedDevice, type SimulatedDevice, type SimulatedDeviceOptions } from "./simulated-device.ts";
import type { VrfModel } from "./vrf-model.ts";

interface Seen {
  deviceId: string;
  topic: string;
  message: Record<string, unknown>;
  retain: boolean;
}

let broker: Aedes;
let server: Server;
let url: string;
let portal: MqttClient;
const seen: Seen[] = [];
const waiters = new Set<() => void>();
const running: SimulatedDevice[] = [];
const warnings: string[] = [];

/** Resolves with the first message the portal sees (or saw) at or after `from` that matches. */
const waitFor = (match: (seen: Seen) => boolean, from = 0, timeoutMs = 4_000): Promise<Seen> =>
  new Promise((resolve, reject) => {
    const check = () => {
      const found = seen.slice(from).find(match);
      if (!found) return false;
      waiters.delete(check);
      clearTimeout(timer);
      resolve(found);
      return true;
    };
    const timer = setTimeout(() => {
      waiters.delete(check);
      reject(new Error("the expected message did not arrive"));
    }, timeoutMs);
    if (!check()) waiters.add(check);
  });

const sendCommand = async (deviceId: string, command: TCommandMessage) => {
  await portal.publishAsync(`vrf/${deviceId}/cmd`, JSON.stringify(command), { qos: 1 });
};

const startDevice = async (options: Omit<SimulatedDeviceOptions, "url">) => {
  const device = createSimulatedDevice({
    url,
    telemetryIntervalMs: 40,
    ackDelayMs: [15, 15],
    faultsPerHour: 0,
    progressStepMs: 1,
    logger: { info: () => {}, warn: (fields, message) => warnings.push(`${message} ${JSON.stringify(fields)}`) },
    ...options,
  });
  running.push(device);
  await device.start();
  return device;
};

const controlCommand = (
  target: Extract<TCommandMessage, { type: "control" }>["target"],
  set: Extract<TCommandMessage, { type: "control" }>["set"],
  expiresInMs = 30_000,
): TCommandMessage => ({
  v: 1,
  type: "control",
  cmdId: randomUUID(),
  issuedAt: Date.now(),
  expiresAt: Date.now() + expiresInMs,
  target,
  set,
});

/** Some indoor unit of the model and a setting it does not support (seeded, so always the same). */
const unsupportedSetting = (model: VrfModel): { address: number; set: TUnitSettings } => {
  for (let address = 0; address < model.indoorCount; address++) {
    const supports = model.supportsOf(address);
    const mode = UNIT_MODES.find((candidate) => !supports.modes.includes(candidate));
    if (mode) return { address, set: { mode } };
    const fanSpeed = FAN_SPEEDS.find((candidate) => !supports.fanSpeeds.includes(candidate));
    if (fanSpeed) return { address, set: { fanSpeed } };
    if (!supports.louver) return { address, set: { louver: 2 } };
  }
  throw new Error("every unit supports everything: pick another seed");
};

beforeAll(async () => {
  broker = await Aedes.createBroker();
  server = createServer(broker.handle);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  url = `mqtt://127.0.0.1:${(server.address() as AddressInfo).port}`;
  portal = await connectAsync(url, { clientId: "portal-under-test" });
  portal.on("message", (topic, payload, packet) => {
    const parsed = parseDeviceTopic(topic);
    if (!parsed) return;
    seen.push({
      deviceId: parsed.deviceId,
      topic: parsed.topic,
      message: JSON.parse(payload.toString()),
      retain: packet.retain,
    });
    for (const waiter of [...waiters]) waiter();
  });
  await portal.subscribeAsync("vrf/+/+", { qos: 1 });
});

afterEach(async () => {
  await Promise.all(running.splice(0).map((device) => device.stop({ graceful: false })));
  expect(warnings.splice(0)).toEqual([]);
});

afterAll(async () => {
  await portal?.endAsync();
  await new Promise<void>((resolve) => broker?.close(() => resolve()));
  await new Promise<void>((resolve) => server?.close(() => resolve()));
});

describe("simulated device against a real broker", () => {
  it("announces itself retained, publishes valid telemetry, applies commands and leaves a last will", async () => {
    const deviceId = "SIM-HIMIT-1";
    const from = seen.length;
    const device = await startDevice({
      deviceId,
      kind: "himit",
      systems: [
        { system: 0, outdoor: 2, indoor: 8 },
        { system: 1, outdoor: 1, indoor: 4 },
      ],
      seed: 7,
    });
    const mine = (topic: string) => (s: Seen) => s.deviceId === deviceId && s.topic === topic;

    // Online, retained: a portal that subscribes later still learns the device is up.
    const online = await waitFor(mine("online"), from);
    expect(ZOnlineMessage.parse(online.message).online).toBe(true);
    const late = await connectAsync(url, { clientId: "late-subscriber" });
    const retained = new Promise<{ message: unknown; retain: boolean }>((resolve) =>
      late.on("message", (_topic, payload, packet) =>
        resolve({ message: JSON.parse(payload.toString()), retain: packet.retain }),
      ),
    );
    await late.subscribeAsync(`vrf/${deviceId}/online`, { qos: 1 });
    expect(await retained).toMatchObject({ retain: true, message: { online: true } });
    await late.endAsync();

    // Telemetry parses, and the first snapshot of each system says what its units support.
    const status = await waitFor(mine("status"), from);
    expect(status.message).toMatchObject({ state: "online" });
    const first = ZTelemetryMessage.parse((await waitFor(mine("telemetry"), from)).message);
    expect(first.indoor.every((unit) => unit.supports !== undefined)).toBe(true);
    const after = await waitFor(
      (s) => mine("telemetry")(s) && s.message.system === first.system && Number(s.message.seq) > first.seq,
      from,
    );
    expect(ZTelemetryMessage.parse(after.message).indoor.every((unit) => unit.supports === undefined)).toBe(true);

    // A control command is acked ok and the telemetry after the ack shows the new state.
    const unit = device.model(0).snapshot().indoor[3];
    if (!unit) throw new Error("system 0 has 8 indoor units");
    const setTempC = unit.setTempC === 20 ? 21.5 : 20;
    const mode = unit.mode === "heating" ? "cooling" : "heating";
    const control = controlCommand({ system: 0, indoor: [3] }, { powerOn: true, mode, setTempC });
    const beforeAck = seen.length;
    await sendCommand(deviceId, control);
    const ack = await waitFor((s) => mine("ack")(s) && s.message.cmdId === control.cmdId, beforeAck);
    expect(DEVICE_MESSAGE_SCHEMAS.ack.parse(ack.message)).toMatchObject({ result: "ok" });
    const afterAck = seen.indexOf(ack);
    const next = ZTelemetryMessage.parse(
      (await waitFor((s) => mine("telemetry")(s) && s.message.system === 0, afterAck)).message,
    );
    expect(next.indoor[3]).toMatchObject({ powerOn: true, mode, setTempC });
    expect(next.indoor[3]?.status).not.toBe("STOP");

    // An expired command is dropped without an ack; an unsupported setting is acked failed. With a
    // fixed ack delay, an ack for the expired one would have arrived before the second's.
    const expired = controlCommand({ system: 0 }, { powerOn: false }, -1_000);
    const unsupported = unsupportedSetting(device.model(0));
    const refused = controlCommand({ system: 0, indoor: [unsupported.address] }, unsupported.set);
    const beforeRefusal = seen.length;
    await sendCommand(deviceId, expired);
    await sendCommand(deviceId, refused);
    const failed = await waitFor((s) => mine("ack")(s) && s.message.cmdId === refused.cmdId, beforeRefusal);
    expect(failed.message).toMatchObject({
      result: "failed",
      reason: expect.stringContaining(`${unsupported.address}`),
    });
    expect(seen.some((s) => mine("ack")(s) && s.message.cmdId === expired.cmdId)).toBe(false);
    expect(device.model(0).snapshot().indoor[3]?.powerOn).toBe(true);

    // Dropping the connection without DISCONNECT makes the broker publish the will reserved at connect.
    const beforeStop = seen.length;
    await device.stop({ graceful: false });
    const will = await waitFor(mine("online"), beforeStop);
    const willMessage = ZOnlineMessage.parse(will.message);
    expect(willMessage.online).toBe(false);
    expect(willMessage.seq).toBeLessThan(ZOnlineMessage.parse(online.message).seq);
    const seqs = seen.filter((s) => s.deviceId === deviceId).map((s) => s.message.seq);
    expect(new Set(seqs).size).toBe(seqs.length);
    for (const s of seen.filter((s) => s.deviceId === deviceId)) {
      expect(DEVICE_MESSAGE_SCHEMAS[s.topic as keyof typeof DEVICE_MESSAGE_SCHEMAS].safeParse(s.message).success).toBe(
        true,
      );
    }
  });

  it("runs a checker: firmware-connection progress, a capture task that ends on time, then a graceful goodbye", async () => {
    const deviceId = "SIM-CHECKER-1";
    const from = seen.length;
    const device = await startDevice({
      deviceId,
      kind: "checker",
      systems: [{ system: 5, outdoor: 1, indoor: 2 }],
      seed: 3,
      telemetryIntervalMs: 60_000,
      timeScale: 600,
    });
    const mine = (topic: string) => (s: Seen) => s.deviceId === deviceId && s.topic === topic;
    expect((await waitFor(mine("status"), from)).message).toMatchObject({ state: "standby", taskId: null });

    // The bus connection comes first: every step in order, then unit data.
    const telemetry = await waitFor(mine("telemetry"), from);
    const steps = seen.filter(mine("progress")).map((s) => s.message.step);
    expect(steps).toEqual([...PROGRESS_STEPS]);
    expect(seen.indexOf(telemetry)).toBeGreaterThan(seen.indexOf(seen.filter(mine("progress")).at(-1) as Seen));

    // A 60 s capture interval and a 3 min task, 600 times faster: 100 ms frames for 300 ms.
    const taskId = randomUUID();
    const start: TCommandMessage = {
      v: 1,
      type: "taskStart",
      cmdId: randomUUID(),
      issuedAt: Date.now(),
      expiresAt: Date.now() + 30_000,
      taskId,
      kind: "capture",
      intervalS: 60,
      endAt: Date.now() + 180_000,
    };
    const beforeTask = seen.length;
    await sendCommand(deviceId, start);
    expect((await waitFor((s) => mine("ack")(s) && s.message.cmdId === start.cmdId, beforeTask)).message).toMatchObject(
      {
        result: "ok",
      },
    );
    expect((await waitFor(mine("status"), beforeTask)).message).toMatchObject({ state: "grabbing", taskId });
    const capture = await waitFor(mine("capture"), beforeTask);
    expect(DEVICE_MESSAGE_SCHEMAS.capture.parse(capture.message).taskId).toBe(taskId);
    const ended = await waitFor((s) => mine("status")(s) && s.message.state === "standby", beforeTask, 2_000);
    expect(ended.message.taskId).toBeNull();
    expect(device.state).toBe("standby");

    const beforeStop = seen.length;
    await device.stop({ graceful: true });
    const goodbyeSeen = await waitFor(mine("online"), beforeStop);
    const goodbye = ZOnlineMessage.parse(goodbyeSeen.message);
    expect(goodbye.online).toBe(false);
    // The device's own goodbye is newer than everything it sent; a will would carry an older seq.
    const earlier = seen.filter((s) => s.deviceId === deviceId && s !== goodbyeSeen).map((s) => Number(s.message.seq));
    expect(goodbye.seq).toBeGreaterThan(Math.max(...earlier));
  });

  it("reports faults, and after losing the network comes back with supports and the faults raised meanwhile", async () => {
    const deviceId = "SIM-HIMIT-2";
    const from = seen.length;
    const device = await startDevice({
      deviceId,
      kind: "himit",
      systems: [{ system: 2, outdoor: 2, indoor: 3 }],
      seed: 9,
    });
    const mine = (topic: string) => (s: Seen) => s.deviceId === deviceId && s.topic === topic;
    await waitFor(mine("telemetry"), from);

    const beforeFault = seen.length;
    expect(await device.raiseFault("E04", 2, { outdoorAddress: 1 })).toBe(true);
    expect(await device.raiseFault("E04", 2, { outdoorAddress: 1 })).toBe(false);
    await expect(device.raiseFault("E04", 2, { outdoorAddress: 2 })).rejects.toThrow(RangeError);
    const fault = await waitFor(mine("fault"), beforeFault);
    expect(fault.message).toMatchObject({ event: "raised", code: "E04", system: 2, outdoorAddress: 1 });
    // Telemetry sent after the fault message was taken after the unit went into ALARM.
    const alarmed = await waitFor(mine("telemetry"), seen.indexOf(fault));
    expect(ZTelemetryMessage.parse(alarmed.message).outdoor[1]?.status).toBe("ALARM");

    const beforeOffline = seen.length;
    device.goOffline();
    expect((await waitFor(mine("online"), beforeOffline)).message).toMatchObject({ online: false });
    expect(device.connected).toBe(false);
    expect(await device.clearFault("E04", 2, { outdoorAddress: 1 })).toBe(true);

    const beforeOnline = seen.length;
    await device.goOnline();
    expect((await waitFor(mine("online"), beforeOnline)).message).toMatchObject({ online: true });
    expect((await waitFor(mine("fault"), beforeOnline)).message).toMatchObject({ event: "cleared", code: "E04" });
    const back = ZTelemetryMessage.parse((await waitFor(mine("telemetry"), beforeOnline)).message);
    expect(back.indoor.every((unit) => unit.supports !== undefined)).toBe(true);
    expect(back.outdoor[1]?.status).not.toBe("ALARM");
  });
});
