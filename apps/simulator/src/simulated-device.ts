import { createHash } from "node:crypto";
import {
  DEVICE_MESSAGE_SCHEMAS,
  PROGRESS_STEPS,
  RECEIPT_TOPICS,
  type TCommandMessage,
  type TDeviceMessage,
  type TDeviceState,
  type TOtaDeviceFailure,
  ZCommandMessage,
  ZReceiptMessage,
} from "@vrf/contract/device/messages.ts";
import {
  COMMAND_TOPIC,
  deviceTopic,
  PROTOCOL_VERSION,
  type TDeviceTopic,
  TOPIC_QOS,
} from "@vrf/contract/device/protocol.ts";
import { connectAsync, type MqttClient } from "mqtt";
import { z } from "zod";
import {
  createFaultPlan,
  type FaultPlan,
  type TFaultCodeSpec,
  type TFaultEvent,
  type TFaultSite,
  type TSystemLayout,
} from "./fault-plan.ts";
import { createRandom, deriveSeed, type Random } from "./random.ts";
import { createVrfModel, type TUnitRef, type VrfModel } from "./vrf-model.ts";

export type TDeviceKind = "himit" | "checker";

/** Fields first, message second, as the server's logger takes them. */
export interface SimulatorLogger {
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
}

/** A message the device handed to its MQTT client, with the device-clock time it did so. */
export type TPublishedMessage = TDeviceMessage & { publishedAtMs: number; retain: boolean };
export type PublishListener = (published: TPublishedMessage) => void;

export interface SimulatedDeviceOptions {
  /** `mqtt://host:port` */
  url: string;
  /** The serial number: MQTT client id and topic segment. */
  deviceId: string;
  username?: string;
  password?: string;
  kind: TDeviceKind;
  systems: readonly TSystemLayout[];
  telemetryIntervalMs?: number;
  /** A command is acked after a uniformly random delay in this range. */
  ackDelayMs?: readonly [number, number];
  /** Probability that a command fails for no reason the portal can see, as on a noisy bus. */
  failureRate?: number;
  faultsPerHour?: number;
  faultClearAfterMs?: readonly [number, number];
  /** The portal's fault catalogue, or the simulator's short default list. */
  faultCodes?: readonly TFaultCodeSpec[];
  /** Defaults to one derived from the device id, so each device differs but replays the same. */
  seed?: number;
  /** The device's clock, epoch ms. */
  clock?: () => number;
  logger?: SimulatorLogger;
  /** Spacing of a checker's firmware-connection progress steps. */
  progressStepMs?: number;
  /** Compresses task time: capture and collection intervals, task end and OTA install run this many times faster. */
  timeScale?: number;
  firmware?: string;
  /** How long installing an OTA package takes, before `timeScale`. */
  otaInstallMs?: number;
  /** Probability that installing a downloaded, verified OTA package fails, leaving the firmware as it was. */
  otaFailureRate?: number;
  /** Check every message against its contract schema before publishing it. */
  validate?: boolean;
  /** Back-off range for reconnecting after the connection drops. */
  reconnectDelayMs?: readonly [number, number];
  onPublish?: PublishListener;
}

export interface SimulatedDevice {
  readonly deviceId: string;
  readonly kind: TDeviceKind;
  readonly connected: boolean;
  readonly state: TDeviceState;
  readonly firmware: string;
  /** Resolves once connected and announced; rejects if the broker refuses the credentials. */
  start(): Promise<void>;
  /** Graceful: announce `online:false` and disconnect. Otherwise drop the connection so the broker sends the last will. */
  stop(options?: { graceful?: boolean }): Promise<void>;
  /** Loses the network (the broker sends the last will) and stays off it until `goOnline`; the units keep running. */
  goOffline(): void;
  goOnline(): Promise<void>;
  /** False if that fault is open already. Throws for a unit the device does not have. */
  raiseFault(code: string, system: number, unit?: TUnitRef): Promise<boolean>;
  /** False if no such fault is open. */
  clearFault(code: string, system: number, unit?: TUnitRef): Promise<boolean>;
  model(system: number): VrfModel;
  openFaults(): Array<TFaultSite & { code: string }>;
  /** Sent messages waiting for the portal's receipt. */
  awaitingReceipt(): number;
  onPublish(listener: PublishListener): () => void;
}

type TBody<K extends TDeviceTopic> = Omit<z.output<(typeof DEVICE_MESSAGE_SCHEMAS)[K]>, "v" | "seq" | "ts">;
type TAckBody = TBody<"ack">;
type TOtaCommand = Extract<TCommandMessage, { type: "ota" }>;

interface RunningTask {
  id: string;
  kind: "capture" | "collection";
  endAt: number;
  startedAt: number;
  lastFrameAt: number;
  interval: NodeJS.Timeout;
  endCheck: NodeJS.Timeout | null;
}

const silentLogger: SimulatorLogger = { info: () => {}, warn: () => {} };
/** Broker answers that retrying will not change: bad credentials, not authorised (MQTT 3.1.1 and 5). */
const REFUSED_CODES = new Set([4, 5, 134, 135]);
/** Node timers overflow past 2^31-1 ms, so long task ends are checked in chunks. */
const MAX_TIMER_MS = 2_147_483_647;
/** Enough to answer QoS 1 redeliveries of recent commands with the same ack. */
const REMEMBERED_COMMANDS = 256;
/** Faults raised while offline are kept for the next connection, up to this many. */
const MAX_QUEUED_FAULTS = 1_000;
/**
 * Messages the portal confirms with a receipt (docs/device-protocol.md section 4.3) are sent again
 * when none came within this long, and on every new connection; given up after the second, and
 * at most the third are kept (the oldest goes first).
 */
const RECEIPT_WAIT_MS = 10_000;
const RECEIPT_GIVE_UP_MS = 10 * 60_000;
const MAX_UNRECEIPTED = 1_000;
const receiptTopics = new Set<TDeviceTopic>(RECEIPT_TOPICS);
const BUS_COMMANDS = [0x01, 0x02, 0x10, 0x11, 0x20, 0x21, 0x30, 0x31, 0x40, 0x50];
/** A download reports its progress each time it has moved on by this many percent: a few messages, not one per block. */
const OTA_REPORT_STEP_PERCENT = 20;

const ZLooseCommandId = z.object({ cmdId: z.string().uuid() });

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
const isRefusal = (error: unknown) =>
  typeof error === "object" && error !== null && REFUSED_CODES.has((error as { code?: unknown }).code as number);

/** Shaped like a VRF bus frame: start byte, source, destination, command, length, payload, XOR checksum. */
const busFrameHex = (random: Random): string => {
  const payload = Array.from({ length: random.integer(2, 24) }, () => random.integer(0, 255));
  const bytes = [0xaa, random.integer(0, 0x7f), random.integer(0, 0x7f), random.pick(BUS_COMMANDS), payload.length];
  bytes.push(...payload);
  bytes.push(bytes.reduce((sum, byte) => sum ^ byte, 0));
  return bytes.map((byte) => byte.toString(16).padStart(2, "0")).join("");
};

export const createSimulatedDevice = (options: SimulatedDeviceOptions): SimulatedDevice => {
  const { deviceId, kind } = options;
  const clock = options.clock ?? Date.now;
  const now = () => Math.round(clock());
  const logger = options.logger ?? silentLogger;
  const telemetryIntervalMs = options.telemetryIntervalMs ?? 10_000;
  const [ackMinMs, ackMaxMs] = options.ackDelayMs ?? [300, 1_500];
  const failureRate = options.failureRate ?? 0;
  const otaInstallMs = options.otaInstallMs ?? 3_000;
  const otaFailureRate = options.otaFailureRate ?? 0;
  const progressStepMs = options.progressStepMs ?? 150;
  const timeScale = options.timeScale ?? 1;
  const validate = options.validate ?? true;
  const [reconnectMinMs, reconnectMaxMs] = options.reconnectDelayMs ?? [1_000, 30_000];
  const seed = options.seed ?? deriveSeed(0, deviceId);
  // No systems: a gateway without units of its own (Hi-Dom, SmartTouch) reports online and status only.
  if (!(timeScale > 0)) throw new RangeError("timeScale must be positive");

  const random = createRandom(seed);
  const commandRandom = random.fork("commands");
  const frameRandom = random.fork("frames");
  const reconnectRandom = random.fork("reconnect");
  const otaRandom = random.fork("ota");
  const startedAt = now();
  const models = new Map<number, VrfModel>(
    options.systems.map((layout) => [
      layout.system,
      createVrfModel({
        system: layout.system,
        outdoorCount: layout.outdoor,
        indoorCount: layout.indoor,
        seed: deriveSeed(seed, `system:${layout.system}`),
        startedAt,
      }),
    ]),
  );
  const faultPlan: FaultPlan = createFaultPlan({
    systems: options.systems,
    seed: deriveSeed(seed, "faults"),
    startAt: startedAt,
    ...(options.faultCodes ? { codes: options.faultCodes } : {}),
    faultsPerHour: options.faultsPerHour ?? 0.5,
    ...(options.faultClearAfterMs ? { clearAfterMs: options.faultClearAfterMs } : {}),
  });

  // Firmware that cannot persist a counter starts it from its clock. At a thousand numbers per ms, a
  // restart begins above every number the previous run used unless that run averaged more than a
  // thousand messages per ms, so the portal's (device, seq) duplicate filter never drops a new
  // message. The real clock, not `clock`: only it moves on between process runs. (Date.now() * 1000
  // stays below Number.MAX_SAFE_INTEGER until the year 2255.)
  let seq = Date.now() * 1_000;
  const nextSeq = () => seq++;

  const listeners = new Set<PublishListener>();
  if (options.onPublish) listeners.add(options.onPublish);
  const timers = new Set<NodeJS.Timeout>();
  const later = (ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timers.add(timer);
    return timer;
  };
  const cancel = (timer: NodeJS.Timeout | null) => {
    if (!timer) return;
    clearTimeout(timer);
    timers.delete(timer);
  };
  /** Background work must never become an unhandled rejection; it is logged while the device runs. */
  const inBackground = (work: () => Promise<unknown>) => {
    work().catch((error: unknown) => {
      if (running) logger.warn({ deviceId, error: errorText(error) }, "simulated device background work failed");
    });
  };

  let started = false;
  let running = false;
  /** False between `goOffline` and `goOnline`: no reconnecting. */
  let wantOnline = true;
  let client: MqttClient | null = null;
  let reconnectTimer: NodeJS.Timeout | null = null;
  let reconnectAttempt = 0;
  let tickTimer: NodeJS.Timeout | null = null;
  let firstConnection: { resolve: () => void; reject: (error: Error) => void } | null = null;
  /** A checker reports unit data only once its firmware connection to the bus has finished. */
  let busReady = kind === "himit";
  let state: TDeviceState = kind === "himit" ? "online" : "standby";
  let firmware = options.firmware ?? "1.0.0";
  let storageUsedKb = kind === "checker" ? random.integer(0, 20_000) : 0;
  let task: RunningTask | null = null;
  /** The firmware update under way; stopping the device aborts its download. */
  let update: { rolloutId: string; download: AbortController } | null = null;
  let lastStepAt = startedAt;
  /** Systems whose `supports` went out on this connection. */
  const supportsSent = new Set<number>();
  const queuedFaults: Array<{ body: TBody<"fault">; ts: number }> = [];
  /** Ack per command id, "pending" until it is sent; a redelivered command gets the same ack again. */
  const commands = new Map<string, TAckBody | "pending">();
  /** Sent messages the portal has not confirmed yet, by seq, as they went out. */
  const unreceipted = new Map<number, { topic: TDeviceTopic; payload: string; firstAt: number; lastAt: number }>();

  const isConnected = () => client?.connected === true;

  const send = async <K extends TDeviceTopic>(
    topic: K,
    body: TBody<K>,
    sendOptions: { ts?: number; retain?: boolean; via?: MqttClient } = {},
  ): Promise<boolean> => {
    const via = sendOptions.via ?? client;
    if (!via?.connected) return false;
    const message = { v: PROTOCOL_VERSION, seq: nextSeq(), ts: Math.round(sendOptions.ts ?? now()), ...body };
    if (validate) DEVICE_MESSAGE_SCHEMAS[topic].parse(message);
    const retain = sendOptions.retain ?? false;
    const payload = JSON.stringify(message);
    if (receiptTopics.has(topic)) {
      const at = now();
      unreceipted.set(message.seq, { topic, payload, firstAt: at, lastAt: at });
      if (unreceipted.size > MAX_UNRECEIPTED) unreceipted.delete(unreceipted.keys().next().value as number);
    }
    const delivery = via.publishAsync(deviceTopic(deviceId, topic), payload, { qos: TOPIC_QOS[topic], retain });
    // TypeScript cannot tie a generic topic to its member of the message union; the schema check above does.
    const published = { topic, message, publishedAtMs: now(), retain } as unknown as TPublishedMessage;
    for (const listener of listeners) listener(published);
    await delivery;
    return true;
  };

  /** Sends again, with their own seqs, the messages no receipt has confirmed: all, or those waiting too long. */
  const resendUnreceipted = (all: boolean) => {
    const via = client;
    if (!via?.connected) return;
    const at = now();
    for (const [seq, entry] of unreceipted) {
      if (at - entry.firstAt > RECEIPT_GIVE_UP_MS) {
        unreceipted.delete(seq);
        continue;
      }
      if (!all && at - entry.lastAt < RECEIPT_WAIT_MS) continue;
      entry.lastAt = at;
      inBackground(() =>
        via.publishAsync(deviceTopic(deviceId, entry.topic), entry.payload, { qos: TOPIC_QOS[entry.topic] }),
      );
    }
  };

  const statusBody = (): TBody<"status"> =>
    kind === "checker" ? { state, storageUsedKb: Math.round(storageUsedKb), taskId: task?.id ?? null } : { state };

  const advanceModels = () => {
    const at = clock();
    const dt = at - lastStepAt;
    if (dt <= 0) return;
    lastStepAt = at;
    for (const model of models.values()) model.step(dt);
  };

  const modelOf = (system: number) => {
    const model = models.get(system);
    if (!model) throw new RangeError(`device ${deviceId} has no system ${system}`);
    return model;
  };

  /** Checked before the fault plan records a fault, so a fault on a unit that does not exist is never open. */
  const checkSite = (site: TFaultSite) => {
    const layout = options.systems.find((candidate) => candidate.system === site.system);
    if (!layout) throw new RangeError(`device ${deviceId} has no system ${site.system}`);
    const within = (address: number | undefined, count: number) =>
      address === undefined || (Number.isInteger(address) && address >= 0 && address < count);
    if (!within(site.outdoorAddress, layout.outdoor) || !within(site.indoorAddress, layout.indoor)) {
      throw new RangeError(`system ${site.system} has no such unit`);
    }
  };

  const publishTelemetry = async (system: number) => {
    if (!isConnected()) return;
    const withSupports = !supportsSent.has(system);
    // Marked before the PUBACK comes back, so a tick in between does not send `supports` again.
    supportsSent.add(system);
    const body = modelOf(system).snapshot({ withSupports });
    if (task?.kind === "collection") storageUsedKb += JSON.stringify(body).length / 1024;
    await send("telemetry", body);
  };

  const publishAllTelemetry = async () => {
    if (!busReady || !isConnected()) return;
    advanceModels();
    await Promise.all([...models.keys()].map(publishTelemetry));
  };

  const faultBody = (event: TFaultEvent): TBody<"fault"> => ({
    event: event.event,
    code: event.code,
    system: event.system,
    ...(event.outdoorAddress !== undefined ? { outdoorAddress: event.outdoorAddress } : {}),
    ...(event.indoorAddress !== undefined ? { indoorAddress: event.indoorAddress } : {}),
  });

  /** Puts the unit in or out of ALARM and tells the portal; while offline the message waits for the next connection. */
  const recordFault = async (event: TFaultEvent) => {
    modelOf(event.system).setFault(event, event.code, event.event === "raised");
    const body = faultBody(event);
    // The fault's own time, not the publishing time: it may have waited out a disconnection.
    const ts = Math.round(event.at);
    if (isConnected()) {
      await send("fault", body, { ts });
      return;
    }
    if (queuedFaults.length >= MAX_QUEUED_FAULTS) queuedFaults.shift();
    queuedFaults.push({ body, ts });
  };

  const tick = () => {
    advanceModels();
    resendUnreceipted(false);
    for (const event of faultPlan.advance(now())) inBackground(() => recordFault(event));
    inBackground(publishAllTelemetry);
  };

  const runProgress = () => {
    PROGRESS_STEPS.forEach((step, index) => {
      later(index * progressStepMs, () =>
        inBackground(async () => {
          await send("progress", { step });
          if (step === 100) {
            busReady = true;
            await publishAllTelemetry();
          }
        }),
      );
    });
  };

  const endTask = async () => {
    if (!task) return;
    clearInterval(task.interval);
    cancel(task.endCheck);
    task = null;
    state = "standby";
    await send("status", statusBody());
  };

  /** Task time runs `timeScale` times faster than the device clock, so tests can run an hour's task in seconds. */
  const taskNow = (running: RunningTask) => running.startedAt + (now() - running.startedAt) * timeScale;

  const scheduleTaskEnd = (running: RunningTask) => {
    const leftMs = (running.endAt - taskNow(running)) / timeScale;
    if (leftMs <= 0) {
      inBackground(endTask);
      return;
    }
    running.endCheck = later(Math.min(leftMs, MAX_TIMER_MS), () => scheduleTaskEnd(running));
  };

  const taskTick = async (running: RunningTask) => {
    if (task !== running) return;
    if (running.kind === "collection") {
      advanceModels();
      await Promise.all([...models.keys()].map(publishTelemetry));
      return;
    }
    const until = now();
    const count = frameRandom.integer(3, 40);
    const span = Math.max(0, until - running.lastFrameAt);
    const frames = Array.from({ length: count }, (_, index) => ({
      at: Math.round(running.lastFrameAt + (span * (index + 1)) / count),
      hex: busFrameHex(frameRandom),
    }));
    running.lastFrameAt = until;
    const body: TBody<"capture"> = { taskId: running.id, frames };
    if (await send("capture", body)) storageUsedKb += JSON.stringify(frames).length / 1024;
  };

  const startTask = (command: Extract<TCommandMessage, { type: "taskStart" }>): TAckBody => {
    const fail = (reason: string): TAckBody => ({ cmdId: command.cmdId, result: "failed", reason });
    if (kind !== "checker") return fail("a Hi-Mit runs no checker tasks");
    if (task?.id === command.taskId) return { cmdId: command.cmdId, result: "ok" };
    if (task) return fail(`task ${task.id} is running`);
    if (update) return fail("busy with a firmware update");
    if (command.endAt <= now()) return fail("the task's end time has passed");
    const intervalMs = Math.max(1, (command.intervalS * 1_000) / timeScale);
    const at = now();
    const running: RunningTask = {
      id: command.taskId,
      kind: command.kind,
      endAt: command.endAt,
      startedAt: at,
      lastFrameAt: at,
      interval: setInterval(() => inBackground(() => taskTick(running)), intervalMs),
      endCheck: null,
    };
    task = running;
    state = command.kind === "capture" ? "grabbing" : "collecting";
    scheduleTaskEnd(running);
    return { cmdId: command.cmdId, result: "ok" };
  };

  /** Resolves after `ms`, or never once the device stops (its timers are cleared): a stopped update goes quiet. */
  const pause = (ms: number) => new Promise<void>((resolve) => later(ms, resolve));

  /**
   * Publishes without waiting for the PUBACK, for an update that goes on whether or not the link is
   * up. The order holds: `send` hands the message to the client before its first await.
   */
  const tell = <K extends TDeviceTopic>(topic: K, body: TBody<K>, sendOptions?: { retain?: boolean }) =>
    inBackground(() => send(topic, body, sendOptions));

  /** A rollout's `ota` messages; `failed` repeats the percent last reported. */
  const otaReporter = (rolloutId: string) => {
    let percent = 0;
    const report = (body: Omit<TBody<"ota">, "rolloutId">) => tell("ota", { rolloutId, ...body });
    return {
      progress: (stage: "downloading" | "installing", at: number) => {
        percent = at;
        report({ stage, percent });
      },
      failed: (failure: TOtaDeviceFailure) => report({ stage: "failed", percent, failure }),
      done: () => report({ stage: "done", percent: 100 }),
    };
  };

  /**
   * Streams the package, hashing and counting its bytes as they come, as a checker without room for
   * a second copy would. Returns the failure to report, or null when the bytes are the package's.
   */
  const downloadPackage = async (
    command: TOtaCommand,
    signal: AbortSignal,
    progress: (percent: number) => void,
  ): Promise<TOtaDeviceFailure | null> => {
    const hash = createHash("sha256");
    let received = 0;
    let reported = 0;
    try {
      const response = await fetch(command.url, { signal });
      if (!response.ok || !response.body) {
        await response.body?.cancel();
        logger.info({ deviceId, url: command.url, status: response.status }, "OTA package download refused");
        return "download";
      }
      for await (const chunk of response.body) {
        received += chunk.byteLength;
        // More bytes than announced cannot be the package: stop reading instead of filling the flash.
        if (received > command.sizeBytes) return "size";
        hash.update(chunk);
        const percent = Math.floor((received * 100) / command.sizeBytes);
        if (percent - reported < OTA_REPORT_STEP_PERCENT) continue;
        reported = percent;
        progress(percent);
      }
    } catch (error) {
      if (running) logger.info({ deviceId, url: command.url, error: errorText(error) }, "OTA package download failed");
      return "download";
    }
    if (received !== command.sizeBytes) return "size";
    return hash.digest("hex") === command.sha256 ? null : "checksum";
  };

  /** Installs in two halves of `otaInstallMs`; returns the failure to report, or null once the new firmware runs. */
  const installPackage = async (progress: (percent: number) => void): Promise<TOtaDeviceFailure | null> => {
    const halfMs = otaInstallMs / timeScale / 2;
    progress(0);
    await pause(halfMs);
    progress(50);
    await pause(halfMs);
    if (otaFailureRate > 0 && otaRandom.chance(otaFailureRate)) return "install";
    progress(100);
    return null;
  };

  /** Downloads, verifies and installs; the firmware changes only when all three succeed. */
  const runOta = async (command: TOtaCommand, signal: AbortSignal) => {
    const report = otaReporter(command.rolloutId);
    const resumeState = state;
    report.progress("downloading", 0);
    state = "other";
    tell("status", statusBody());
    const failure =
      (await downloadPackage(command, signal, (percent) => report.progress("downloading", percent))) ??
      (await installPackage((percent) => report.progress("installing", percent)));
    // A device stopped mid-update says nothing more: the portal hears its will or its goodbye instead.
    if (!running) return;
    update = null;
    state = resumeState;
    if (!failure) {
      firmware = command.version;
      tell("online", { online: true, firmware }, { retain: true });
    }
    // The checker's state first, then the update's outcome.
    tell("status", statusBody());
    if (failure) report.failed(failure);
    else report.done();
  };

  /** Marks the update as running at once, so a command arriving before the ack is out sees the device busy. */
  const acceptOta = (command: TOtaCommand): { ack: TAckBody; afterAck?: () => Promise<unknown> } => {
    const { cmdId } = command;
    // The portal sending the same rollout again (a lost ack) finds it running: that is what it wants.
    if (update?.rolloutId === command.rolloutId) return { ack: { cmdId, result: "ok" } };
    if (update) return { ack: { cmdId, result: "failed", reason: `busy with rollout ${update.rolloutId}` } };
    if (task) return { ack: { cmdId, result: "failed", reason: "busy with a task" } };
    const download = new AbortController();
    update = { rolloutId: command.rolloutId, download };
    return { ack: { cmdId, result: "ok" }, afterAck: () => runOta(command, download.signal) };
  };

  /** Decides a command's ack and changes the device; what it publishes besides the ack is returned to run after it. */
  const execute = (command: TCommandMessage): { ack: TAckBody; afterAck?: () => Promise<unknown> } => {
    const { cmdId } = command;
    if (failureRate > 0 && commandRandom.chance(failureRate)) {
      return { ack: { cmdId, result: "failed", reason: "the unit did not answer on the bus" } };
    }
    switch (command.type) {
      case "control": {
        const model = models.get(command.target.system);
        if (!model) return { ack: { cmdId, result: "failed", reason: `no system ${command.target.system}` } };
        advanceModels();
        const applied = model.apply(command.set, command.target);
        if (!applied.ok) return { ack: { cmdId, result: "failed", reason: applied.reason } };
        return { ack: { cmdId, result: "ok" }, afterAck: () => publishTelemetry(model.system) };
      }
      case "taskStart": {
        const ack = startTask(command);
        return ack.result === "ok" ? { ack, afterAck: () => send("status", statusBody()) } : { ack };
      }
      case "taskStop":
        // Stopping a task that is not running leaves the device as the portal wants it: that is ok.
        return { ack: { cmdId, result: "ok" }, afterAck: task?.id === command.taskId ? endTask : undefined };
      case "ota":
        return acceptOta(command);
    }
  };

  const rememberAck = (cmdId: string, ack: TAckBody | "pending") => {
    commands.delete(cmdId);
    commands.set(cmdId, ack);
    if (commands.size > REMEMBERED_COMMANDS) {
      const oldest = commands.keys().next().value;
      if (oldest !== undefined) commands.delete(oldest);
    }
  };

  const onCommand = (payload: Buffer) => {
    const receivedAt = now();
    let json: unknown;
    try {
      json = JSON.parse(payload.toString("utf8"));
    } catch {
      logger.warn({ deviceId }, "command is not JSON; dropped");
      return;
    }
    if ((json as { type?: unknown } | null)?.type === "receipt") {
      const receipt = ZReceiptMessage.safeParse(json);
      if (receipt.success) for (const seq of receipt.data.seqs) unreceipted.delete(seq);
      else logger.warn({ deviceId }, "receipt failed its schema; dropped");
      return;
    }
    const parsed = ZCommandMessage.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const reason = `invalid command: ${issue?.path.join(".")} ${issue?.message}`.slice(0, 200);
      logger.warn({ deviceId, reason }, "command failed its schema");
      // Answering a command that has an id lets the portal fail it now instead of waiting for its timeout.
      const id = ZLooseCommandId.safeParse(json);
      if (id.success) inBackground(() => send("ack", { cmdId: id.data.cmdId, result: "failed", reason }));
      return;
    }
    const command = parsed.data;
    if (command.expiresAt < receivedAt) {
      logger.info(
        { deviceId, cmdId: command.cmdId, expiresAt: command.expiresAt, receivedAt },
        "expired command dropped",
      );
      return;
    }
    const previous = commands.get(command.cmdId);
    if (previous) {
      if (previous !== "pending") inBackground(() => send("ack", previous));
      return;
    }
    rememberAck(command.cmdId, "pending");
    later(commandRandom.between(ackMinMs, ackMaxMs), () => {
      if (!running) return;
      const { ack, afterAck } = execute(command);
      rememberAck(command.cmdId, ack);
      inBackground(async () => {
        // The device has changed already: what follows the ack goes out even if the ack was lost.
        try {
          await send("ack", ack);
        } finally {
          await afterAck?.();
        }
      });
    });
  };

  const scheduleReconnect = () => {
    if (!running || !wantOnline || reconnectTimer) return;
    const ceiling = Math.min(reconnectMaxMs, reconnectMinMs * 2 ** reconnectAttempt);
    reconnectAttempt += 1;
    // Jitter spreads a fleet's reconnects after a broker restart instead of stampeding it.
    const delay = reconnectRandom.between(ceiling / 2, ceiling);
    reconnectTimer = later(delay, () => {
      reconnectTimer = null;
      establish().catch((error: unknown) => {
        if (running) logger.warn({ deviceId, error: errorText(error) }, "reconnect failed");
        scheduleReconnect();
      });
    });
  };

  let connecting: Promise<void> | null = null;
  /** One connection attempt at a time: two with the same client id would take each other's session over. */
  const establish = () => {
    connecting ??= connect().finally(() => {
      connecting = null;
    });
    return connecting;
  };

  /** Connects, subscribes to commands, announces itself; every connection reserves a fresh seq for its last will. */
  const connect = async () => {
    const will: TBody<"online"> & { v: 1; seq: number; ts: number } = {
      v: PROTOCOL_VERSION,
      seq: nextSeq(),
      ts: now(),
      online: false,
      firmware,
    };
    if (validate) DEVICE_MESSAGE_SCHEMAS.online.parse(will);
    const connection = await connectAsync(
      options.url,
      {
        clientId: deviceId,
        ...(options.username !== undefined ? { username: options.username } : {}),
        ...(options.password !== undefined ? { password: options.password } : {}),
        clean: true,
        // The device manages reconnecting itself, because each connection needs a new will seq.
        reconnectPeriod: 0,
        connectTimeout: 15_000,
        will: {
          topic: deviceTopic(deviceId, "online"),
          payload: Buffer.from(JSON.stringify(will)),
          qos: TOPIC_QOS.online,
          retain: true,
        },
      },
      false,
    );
    if (!running || !wantOnline) {
      connection.end(true);
      return;
    }
    client = connection;
    connection.on("error", (error) => logger.warn({ deviceId, error: errorText(error) }, "MQTT client error"));
    connection.on("message", (topic, payload) => {
      if (topic === deviceTopic(deviceId, COMMAND_TOPIC)) onCommand(payload);
    });
    connection.on("close", () => {
      if (client !== connection) return;
      client = null;
      logger.info({ deviceId }, "connection lost");
      scheduleReconnect();
    });
    supportsSent.clear();
    const granted = await connection.subscribeAsync(deviceTopic(deviceId, COMMAND_TOPIC), { qos: TOPIC_QOS.cmd });
    if (granted.some((grant) => grant.qos === 128))
      logger.warn({ deviceId }, "broker refused the command subscription");
    await send("online", { online: true, firmware }, { retain: true });
    await send("status", statusBody());
    resendUnreceipted(true);
    reconnectAttempt = 0;
    const waiting = queuedFaults.splice(0);
    for (const fault of waiting) inBackground(() => send("fault", fault.body, { ts: fault.ts }));
    inBackground(publishAllTelemetry);
    firstConnection?.resolve();
  };

  const stopTimers = () => {
    if (tickTimer) clearInterval(tickTimer);
    tickTimer = null;
    if (task) clearInterval(task.interval);
    update?.download.abort();
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
    reconnectTimer = null;
  };

  const device: SimulatedDevice = {
    deviceId,
    kind,
    get connected() {
      return isConnected();
    },
    get state() {
      return state;
    },
    get firmware() {
      return firmware;
    },
    async start() {
      if (started) throw new Error(`device ${deviceId} was started already`);
      started = true;
      running = true;
      const connected = new Promise<void>((resolve, reject) => {
        firstConnection = { resolve, reject };
      });
      tickTimer = setInterval(tick, telemetryIntervalMs);
      establish().catch((error: unknown) => {
        if (isRefusal(error)) {
          firstConnection?.reject(new Error(`broker refused device ${deviceId}: ${errorText(error)}`));
          void device.stop({ graceful: false });
          return;
        }
        logger.warn({ deviceId, error: errorText(error) }, "connect failed; retrying");
        scheduleReconnect();
      });
      await connected;
      firstConnection = null;
      if (kind === "checker") runProgress();
    },
    async stop(stopOptions = {}) {
      if (!running) return;
      running = false;
      stopTimers();
      firstConnection?.reject(new Error(`device ${deviceId} stopped before it connected`));
      const connection = client;
      client = null;
      if (!connection) return;
      if ((stopOptions.graceful ?? true) && connection.connected) {
        try {
          await send("online", { online: false, firmware }, { retain: true, via: connection });
        } catch (error) {
          logger.warn({ deviceId, error: errorText(error) }, "could not announce going offline");
        }
        await connection.endAsync();
        return;
      }
      // mqtt.js's forced end destroys the socket without a DISCONNECT packet, so the broker treats
      // it as a lost connection and publishes the last will.
      await connection.endAsync(true);
    },
    goOffline() {
      wantOnline = false;
      cancel(reconnectTimer);
      reconnectTimer = null;
      const connection = client;
      client = null;
      connection?.end(true);
    },
    async goOnline() {
      if (!running) throw new Error(`device ${deviceId} is not running`);
      if (wantOnline && isConnected()) return;
      wantOnline = true;
      reconnectAttempt = 0;
      cancel(reconnectTimer);
      reconnectTimer = null;
      try {
        await establish();
      } catch (error) {
        scheduleReconnect();
        throw error;
      }
    },
    async raiseFault(code, system, unit = {}) {
      const site = { system, ...unit };
      checkSite(site);
      const event = faultPlan.raise(code, site, now());
      if (!event) return false;
      await recordFault(event);
      return true;
    },
    async clearFault(code, system, unit = {}) {
      const event = faultPlan.clear(code, { system, ...unit }, now());
      if (!event) return false;
      await recordFault(event);
      return true;
    },
    model: modelOf,
    openFaults: () => faultPlan.open(),
    awaitingReceipt: () => unreceipted.size,
    onPublish(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return device;
};
