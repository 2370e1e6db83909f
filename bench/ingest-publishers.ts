// The devices of `npm run bench:ingest`, in a process of their own so the measured server shares no
// event loop with them. Each device is its own MQTT connection with its own credentials (the
// embedded broker's ACLs allow a device only its own topics), but none runs the simulator's VRF
// model: payloads come from bench/ingest-messages.ts, so one process can offer tens of thousands
// of messages a second. Every message carries a per-device seq that is never reused and its
// publish time in `ts` (ms), from which the sink measures publish-to-commit latency. The schedule
// is global and round-robin: every device sends rate/devices messages a second, evenly. The devices
// speak MQTT through a lean client of their own (bench/ingest-mqtt-device.ts) rather than mqtt.js,
// so that the load generator leaves the machine's cores to the measured server and broker.
import { performance } from "node:perf_hooks";
import {
  addToRanges,
  type BenchDevice,
  type FromPublishers,
  measureLoad,
  percentiles,
  perSecond,
  type SeqRanges,
  type ToPublishers,
  type Window,
} from "./ingest-ipc.ts";
import { type BenchMessage, createMessageSource } from "./ingest-messages.ts";
import { connectDevice, type DeviceConnection } from "./ingest-mqtt-device.ts";

const CONNECT_CONCURRENCY = 50;
/** The schedule catches up at most this much at once after a stall, so no device bursts past the flood guard. */
const MAX_CATCH_UP_MS = 100;

interface Publisher {
  device: BenchDevice;
  connection: DeviceConnection<Sent>;
  seq: number;
  next: (seq: number, ts: number) => BenchMessage;
  acked: number[];
}

/** A publish awaiting its PUBACK. */
interface Sent {
  publisher: Publisher;
  seq: number;
  ts: number;
  sentAt: number;
}

const send = (message: FromPublishers) => process.send?.(message);

let publishers: Publisher[] = [];
let disconnects = 0;
let running = false;
/** What a PUBACK does; run() sets it, as the counts it keeps are the run's. */
let acknowledge: (sent: Sent) => void = () => {};

async function connectAll(url: string, devices: BenchDevice[]) {
  const started = Date.now();
  const failed: string[] = [];
  const connected: Publisher[] = [];
  let next = 0;
  const worker = async () => {
    while (next < devices.length) {
      const i = next++;
      const device = devices[i] as BenchDevice;
      try {
        const connection = await connectDevice<Sent>(
          url,
          { clientId: device.serial, username: device.serial, password: device.secret },
          (sent) => acknowledge(sent),
          () => {
            if (running) disconnects++;
          },
        );
        connected.push({ device, connection, seq: 0, next: createMessageSource(device, i), acked: [] });
      } catch (error) {
        failed.push(`${device.serial}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: CONNECT_CONCURRENCY }, worker));
  publishers = connected;
  send({ type: "connected", connected: connected.length, failed: failed.slice(0, 10), ms: Date.now() - started });
}

async function run(rate: number, startAt: number, window: Window, ackWaitMs: number) {
  running = true;
  const load = measureLoad(window);
  const publishTimes: number[] = [];
  const ackTimes: number[] = [];
  const ackLatencies: number[] = [];
  const byTopic: Record<string, number> = {};
  let published = 0;
  let acked = 0;
  let errors = 0;
  let skipped = 0;
  let cursor = 0;
  const n = publishers.length;

  acknowledge = (sent) => {
    acked++;
    addToRanges(sent.publisher.acked, sent.seq);
    const now = Date.now();
    ackTimes.push(now);
    if (sent.ts >= window.from && sent.ts < window.to) ackLatencies.push(performance.now() - sent.sentAt);
  };
  const publishOne = (p: Publisher) => {
    const seq = ++p.seq;
    const ts = Date.now();
    const { topic, payload, kind } = p.next(seq, ts);
    byTopic[kind] = (byTopic[kind] ?? 0) + 1;
    published++;
    publishTimes.push(ts);
    const sentAt = performance.now();
    // A device whose connection closed cannot publish: that is an error, not a message in flight.
    if (!p.connection.publish(topic, payload, { publisher: p, seq, ts, sentAt })) errors++;
  };

  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = Date.now();
      if (now >= window.to) {
        clearInterval(timer);
        resolve();
        return;
      }
      let due = Math.floor(((now - startAt) * rate) / 1000) - published - skipped;
      const cap = Math.max(1, Math.ceil((rate * MAX_CATCH_UP_MS) / 1000));
      if (due > cap) {
        skipped += due - cap;
        due = cap;
      }
      for (let k = 0; k < due; k++) {
        publishOne(publishers[cursor] as Publisher);
        cursor = (cursor + 1) % n;
      }
    };
    const timer = setInterval(tick, 2);
  });

  // Wait for the broker to acknowledge what is in flight, then drop the connections: a server that
  // pushes back leaves messages queued on the devices, and those must not trickle in while the
  // sink drains (they were never acknowledged, so they are not counted as lost either).
  const waitUntil = Date.now() + ackWaitMs;
  while (acked + errors < published && Date.now() < waitUntil) await new Promise((r) => setTimeout(r, 50));
  running = false;
  const unacknowledged = published - acked - errors;
  // Counted before they are ended: how many devices kept their connection through the run.
  const stillConnected = publishers.filter((p) => p.connection.open).length;
  await endAll();

  const ackedRanges: SeqRanges = {};
  for (const p of publishers) if (p.acked.length > 0) ackedRanges[p.device.serial] = p.acked;
  const inWindow = (t: number) => t >= window.from && t < window.to;
  send({
    type: "done",
    report: {
      devices: n,
      connected: stillConnected,
      connectFailures: [],
      published,
      acked,
      publishErrors: errors,
      unacknowledged,
      skipped,
      publishedInWindow: publishTimes.filter(inWindow).length,
      ackedInWindow: ackTimes.filter(inWindow).length,
      byTopic,
      ackLatency: percentiles(ackLatencies),
      ackedRanges,
      disconnects,
      load: await load,
      timeline: perSecond(publishTimes, window),
    },
  });
}

let ended: Promise<unknown> | null = null;
const endAll = () => {
  ended ??= Promise.all(publishers.map((p) => p.connection.end()));
  return ended;
};

async function stop() {
  running = false;
  await endAll();
  process.exit(0);
}

process.on("message", (message: ToPublishers) => {
  if (message.type === "connect") void connectAll(message.url, message.devices);
  else if (message.type === "run") void run(message.rate, message.startAt, message.window, message.ackWaitMs);
  else if (message.type === "stop") void stop();
});
// Never outlive the benchmark.
process.on("disconnect", () => process.exit(0));
