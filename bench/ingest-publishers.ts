// The devices of `npm run bench:ingest`, in a process of their own so the measured server shares no
// event loop with them. Each device is its own MQTT connection with its own credentials (the
// embedded broker's ACLs allow a device only its own topics), but none runs the simulator's VRF
// model: payloads come from bench/ingest-messages.ts, so one process can offer tens of thousands
// of messages a second. Every message carries a per-device seq that is never reused and its
// publish time in `ts` (ms), from which the sink measures publish-to-commit latency. The schedule
// is global and round-robin: every device sends rate/devices messages a second, evenly.
import { performance } from "node:perf_hooks";
import mqtt, { type MqttClient } from "mqtt";
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

const CONNECT_CONCURRENCY = 50;
/** The schedule catches up at most this much at once after a stall, so no device bursts past the flood guard. */
const MAX_CATCH_UP_MS = 100;

interface Publisher {
  device: BenchDevice;
  client: MqttClient;
  seq: number;
  next: (seq: number, ts: number) => BenchMessage;
  acked: number[];
}

const send = (message: FromPublishers) => process.send?.(message);

let publishers: Publisher[] = [];
let disconnects = 0;
let running = false;

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
        const client = await mqtt.connectAsync(url, {
          clientId: device.serial,
          username: device.serial,
          password: device.secret,
          clean: true,
          keepalive: 60,
          connectTimeout: 30_000,
          reconnectPeriod: 1_000,
        });
        client.on("close", () => {
          if (running) disconnects++;
        });
        client.on("error", () => {});
        connected.push({
          device,
          client,
          seq: 0,
          next: createMessageSource(device, i),
          acked: [],
        });
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

  const publishOne = (p: Publisher) => {
    const seq = ++p.seq;
    const ts = Date.now();
    const { topic, payload, kind } = p.next(seq, ts);
    byTopic[kind] = (byTopic[kind] ?? 0) + 1;
    published++;
    publishTimes.push(ts);
    const sentAt = performance.now();
    p.client.publish(topic, payload, { qos: 1 }, (error) => {
      if (error) {
        errors++;
        return;
      }
      acked++;
      addToRanges(p.acked, seq);
      const now = Date.now();
      ackTimes.push(now);
      if (ts >= window.from && ts < window.to) ackLatencies.push(performance.now() - sentAt);
    });
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
  await endAll();

  const ackedRanges: SeqRanges = {};
  for (const p of publishers) if (p.acked.length > 0) ackedRanges[p.device.serial] = p.acked;
  const inWindow = (t: number) => t >= window.from && t < window.to;
  send({
    type: "done",
    report: {
      devices: n,
      connected: publishers.filter((p) => p.client.connected).length,
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
  ended ??= Promise.all(publishers.map((p) => p.client.endAsync(true).catch(() => {})));
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
