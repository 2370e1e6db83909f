import { createHash, randomUUID } from "node:crypto";
import { once } from "node:events";
import { createServer as createHttpServer, type Server as HttpServer, type ServerResponse } from "node:http";
import { type AddressInfo, createServer, type Server } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
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
    // The raise comes again too (no receipt for it here: section 4.3); the clear is what waited offline.
    const cleared = await waitFor((s) => mine("fault")(s) && s.message.event === "cleared", beforeOnline);
    expect(cleared.message).toMatchObject({ event: "cleared", code: "E04" });
    const back = ZTelemetryMessage.parse((await waitFor(mine("telemetry"), beforeOnline)).message);
    expect(back.indoor.every((unit) => unit.supports !== undefined)).toBe(true);
    expect(back.outdoor[1]?.status).not.toBe("ALARM");
  });

  it("keeps a fault until the portal's receipt: sent again with its seq on the next connection, not once receipted", async () => {
    const deviceId = "SIM-HIMIT-3";
    const device = await startDevice({
      deviceId,
      kind: "himit",
      systems: [{ system: 0, outdoor: 1, indoor: 2 }],
      seed: 4,
    });
    const mine = (topic: string) => (s: Seen) => s.deviceId === deviceId && s.topic === topic;
    const beforeFault = seen.length;
    await device.raiseFault("E05", 0, { indoorAddress: 1 });
    const fault = await waitFor(mine("fault"), beforeFault);
    const seq = fault.message.seq as number;
    expect(device.awaitingReceipt()).toBe(1);

    // No receipt: the next connection sends it again, as it was.
    device.goOffline();
    const beforeBack = seen.length;
    await device.goOnline();
    const again = await waitFor((s) => mine("fault")(s) && s.message.seq === seq, beforeBack);
    expect(again.message).toEqual(fault.message);

    // Receipted: kept no longer, and not sent on the next connection.
    await portal.publishAsync(`vrf/${deviceId}/cmd`, JSON.stringify({ v: 1, type: "receipt", seqs: [seq] }), {
      qos: 1,
    });
    await expect.poll(() => device.awaitingReceipt()).toBe(0);
    device.goOffline();
    const beforeLast = seen.length;
    await device.goOnline();
    await waitFor(mine("telemetry"), beforeLast);
    expect(seen.slice(beforeLast).some((s) => mine("fault")(s) && s.message.seq === seq)).toBe(false);
    // A receipt is not a command: nothing answers it.
    expect(seen.slice(beforeFault).some(mine("ack"))).toBe(false);
  });
});

describe("firmware updates of a simulated checker", () => {
  type TOtaCommand = Extract<TCommandMessage, { type: "ota" }>;
  /** Bytes that are not all alike, so a wrong range or order would change the hash. */
  const PACKAGE = Buffer.from(Array.from({ length: 100_000 }, (_, index) => (index * 31 + (index >> 8)) % 256));
  const PACKAGE_SHA256 = createHash("sha256").update(PACKAGE).digest("hex");
  const PIECES = 5;
  let packages: HttpServer;
  let packagesUrl: string;
  /** Settles when the connection of the last stalled download closes. */
  let stalled: Promise<unknown> | null = null;

  /** In pieces with pauses between them, so the checker reads the body in several blocks and reports progress. */
  const servePackage = async (response: ServerResponse) => {
    response.writeHead(200, { "content-type": "application/octet-stream", "content-length": PACKAGE.length });
    const size = PACKAGE.length / PIECES;
    for (let piece = 0; piece < PIECES; piece++) {
      response.write(PACKAGE.subarray(piece * size, (piece + 1) * size));
      await sleep(10);
    }
    response.end();
  };

  beforeAll(async () => {
    packages = createHttpServer((request, response) => {
      if (request.method === "GET" && request.url === "/firmware.bin") return void servePackage(response);
      // Half the package, then nothing: a download that is still running when the checker stops.
      if (request.method === "GET" && request.url === "/stalled.bin") {
        stalled = once(request.socket, "close");
        response.writeHead(200, { "content-length": PACKAGE.length }).write(PACKAGE.subarray(0, PACKAGE.length / 2));
        return;
      }
      response.writeHead(404).end();
    });
    packages.listen(0, "127.0.0.1");
    await once(packages, "listening");
    packagesUrl = `http://127.0.0.1:${(packages.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    packages?.closeAllConnections();
    await new Promise<void>((resolve) => packages?.close(() => resolve()));
  });

  const otaCommand = (overrides: Partial<TOtaCommand> = {}): TOtaCommand => ({
    v: 1,
    type: "ota",
    cmdId: randomUUID(),
    issuedAt: Date.now(),
    expiresAt: Date.now() + 30_000,
    rolloutId: randomUUID(),
    version: "2.5.0",
    url: `${packagesUrl}/firmware.bin`,
    sizeBytes: PACKAGE.length,
    sha256: PACKAGE_SHA256,
    ...overrides,
  });

  /** Resolves once the portal has the checker's first status, so later slices of `seen` hold only the update's. */
  const startChecker = async (deviceId: string, options: Partial<SimulatedDeviceOptions> = {}) => {
    const from = seen.length;
    const device = await startDevice({
      deviceId,
      kind: "checker",
      systems: [{ system: 0, outdoor: 1, indoor: 2 }],
      seed: 21,
      telemetryIntervalMs: 60_000,
      firmware: "2.4.1",
      otaInstallMs: 60,
      ...options,
    });
    await waitFor((s) => s.deviceId === deviceId && s.topic === "status", from);
    return device;
  };

  /** Sends the update and waits for its end; the checker's messages from the command on. */
  const update = async (deviceId: string, command: TOtaCommand) => {
    const from = seen.length;
    await sendCommand(deviceId, command);
    const end = await waitFor(
      (s) =>
        s.deviceId === deviceId &&
        s.topic === "ota" &&
        s.message.rolloutId === command.rolloutId &&
        (s.message.stage === "done" || s.message.stage === "failed"),
      from,
    );
    const mine = seen.slice(from, seen.indexOf(end) + 1).filter((s) => s.deviceId === deviceId);
    const reports = mine.filter((s) => s.topic === "ota").map((s) => DEVICE_MESSAGE_SCHEMAS.ota.parse(s.message));
    const ack = mine.find((s) => s.topic === "ack" && s.message.cmdId === command.cmdId);
    return { mine, reports, ack, end };
  };

  /** What a portal subscribing now is handed: the device's retained `online` message. */
  const retainedOnline = async (deviceId: string) => {
    const late = await connectAsync(url, { clientId: `late-${deviceId}` });
    const retained = new Promise<unknown>((resolve) =>
      late.on("message", (_topic, payload) => resolve(JSON.parse(payload.toString()))),
    );
    await late.subscribeAsync(`vrf/${deviceId}/online`, { qos: 1 });
    const message = await retained;
    await late.endAsync();
    return message;
  };

  const percentsOf = (reports: Array<{ stage: string; percent: number }>, stage: string) =>
    reports.filter((report) => report.stage === stage).map((report) => report.percent);

  it("downloads, verifies and installs, reporting each stage in order, then runs and announces the new firmware", async () => {
    const deviceId = "SIM-CHECKER-OTA-1";
    const device = await startChecker(deviceId);
    const command = otaCommand();
    const { mine, reports, ack, end } = await update(deviceId, command);

    expect(ack?.message).toMatchObject({ result: "ok" });
    expect(mine.indexOf(ack as Seen)).toBeLessThan(mine.findIndex((s) => s.topic === "ota"));
    expect(reports.every((report) => report.rolloutId === command.rolloutId)).toBe(true);

    // The download from 0, at least one step further, each report at least a fifth of the package on.
    const downloading = percentsOf(reports, "downloading");
    expect(downloading[0]).toBe(0);
    expect(downloading.length).toBeGreaterThan(1);
    for (let index = 1; index < downloading.length; index++) {
      expect((downloading[index] as number) - (downloading[index - 1] as number)).toBeGreaterThanOrEqual(20);
    }
    expect(reports.map((report) => report.stage)).toEqual([
      ...downloading.map(() => "downloading"),
      "installing",
      "installing",
      "installing",
      "done",
    ]);
    expect(percentsOf(reports, "installing")).toEqual([0, 50, 100]);
    expect(reports.at(-1)).toEqual(expect.objectContaining({ stage: "done", percent: 100 }));
    expect(reports.some((report) => report.failure !== undefined)).toBe(false);

    // Busy while updating, back to standby before `done`; the retained `online` names the new firmware.
    expect(mine.filter((s) => s.topic === "status").map((s) => s.message.state)).toEqual(["other", "standby"]);
    const online = mine.find((s) => s.topic === "online");
    expect(online?.message).toMatchObject({ online: true, firmware: "2.5.0" });
    expect(await retainedOnline(deviceId)).toMatchObject({ online: true, firmware: "2.5.0" });
    expect(mine.indexOf(online as Seen)).toBeLessThan(mine.indexOf(end));
    expect(mine.findLastIndex((s) => s.topic === "status")).toBeLessThan(mine.indexOf(end));
    expect(device.firmware).toBe("2.5.0");
    expect(device.state).toBe("standby");
  });

  it("installs nothing whose SHA-256 or size is not the package's", async () => {
    const deviceId = "SIM-CHECKER-OTA-2";
    const device = await startChecker(deviceId);

    const wrongHash = await update(
      deviceId,
      otaCommand({ sha256: createHash("sha256").update("another package").digest("hex") }),
    );
    expect(wrongHash.ack?.message).toMatchObject({ result: "ok" });
    expect(wrongHash.end.message).toMatchObject({ stage: "failed", failure: "checksum" });
    expect(percentsOf(wrongHash.reports, "installing")).toEqual([]);

    // Announced larger than it is, and smaller: the checker counts what it got either way.
    const larger = await update(deviceId, otaCommand({ sizeBytes: PACKAGE.length + 1 }));
    expect(larger.end.message).toMatchObject({ stage: "failed", failure: "size" });
    const smaller = await update(deviceId, otaCommand({ sizeBytes: PACKAGE.length - 1 }));
    expect(smaller.end.message).toMatchObject({ stage: "failed", failure: "size" });

    for (const attempt of [wrongHash, larger, smaller]) {
      expect(attempt.mine.some((s) => s.topic === "online")).toBe(false);
      expect(attempt.mine.filter((s) => s.topic === "status").map((s) => s.message.state)).toEqual([
        "other",
        "standby",
      ]);
    }
    expect(device.firmware).toBe("2.4.1");
    expect(device.state).toBe("standby");
  });

  it("reports a download the server refuses as a failed download", async () => {
    const deviceId = "SIM-CHECKER-OTA-3";
    const device = await startChecker(deviceId);
    const { ack, reports, end } = await update(deviceId, otaCommand({ url: `${packagesUrl}/missing.bin` }));
    expect(ack?.message).toMatchObject({ result: "ok" });
    expect(reports.map((report) => report.stage)).toEqual(["downloading", "failed"]);
    expect(end.message).toMatchObject({ stage: "failed", failure: "download", percent: 0 });
    expect(device.firmware).toBe("2.4.1");
  });

  it("keeps its firmware when installing fails, after a download that was right", async () => {
    const deviceId = "SIM-CHECKER-OTA-4";
    const device = await startChecker(deviceId, { otaFailureRate: 1 });
    const { reports, end, mine } = await update(deviceId, otaCommand());
    expect(percentsOf(reports, "downloading").length).toBeGreaterThan(1);
    expect(percentsOf(reports, "installing")).toEqual([0, 50]);
    expect(end.message).toMatchObject({ stage: "failed", failure: "install", percent: 50 });
    expect(mine.some((s) => s.topic === "online")).toBe(false);
    expect(device.firmware).toBe("2.4.1");
    expect(device.state).toBe("standby");
  });

  it("refuses an update while a task runs, without starting it", async () => {
    const deviceId = "SIM-CHECKER-OTA-5";
    const device = await startChecker(deviceId);
    const start: TCommandMessage = {
      v: 1,
      type: "taskStart",
      cmdId: randomUUID(),
      issuedAt: Date.now(),
      expiresAt: Date.now() + 30_000,
      taskId: randomUUID(),
      kind: "collection",
      intervalS: 3_600,
      endAt: Date.now() + 3_600_000,
    };
    const from = seen.length;
    await sendCommand(deviceId, start);
    await waitFor((s) => s.deviceId === deviceId && s.topic === "ack" && s.message.cmdId === start.cmdId, from);

    const command = otaCommand();
    await sendCommand(deviceId, command);
    const ack = await waitFor(
      (s) => s.deviceId === deviceId && s.topic === "ack" && s.message.cmdId === command.cmdId,
      from,
    );
    expect(ack.message).toMatchObject({ result: "failed", reason: "busy with a task" });
    // A later message of the device shows that no update report came in between.
    await device.raiseFault("E04", 0, { outdoorAddress: 0 });
    await waitFor((s) => s.deviceId === deviceId && s.topic === "fault", from);
    expect(seen.slice(from).some((s) => s.deviceId === deviceId && s.topic === "ota")).toBe(false);
    expect(device.state).toBe("collecting");
  });

  it("stops quietly in the middle of a download", async () => {
    const deviceId = "SIM-CHECKER-OTA-6";
    const device = await startChecker(deviceId);
    const command = otaCommand({ url: `${packagesUrl}/stalled.bin` });
    const from = seen.length;
    await sendCommand(deviceId, command);
    const isReport = (s: Seen) => s.deviceId === deviceId && s.topic === "ota";
    await waitFor((s) => isReport(s) && Number(s.message.percent) >= 50, from);
    await device.stop({ graceful: true });
    await waitFor((s) => s.deviceId === deviceId && s.topic === "online" && s.message.online === false, from);
    // The download is abandoned, not left reading; no failure is reported and no warning logged (afterEach).
    await expect(Promise.race([stalled, sleep(1_000).then(() => "still open")])).resolves.not.toBe("still open");
    expect(
      seen
        .slice(from)
        .filter(isReport)
        .map((s) => s.message.stage),
    ).toEqual(["downloading", "downloading"]);
    expect(device.firmware).toBe("2.4.1");
  });
});
