// The measured side of `npm run bench:ingest`, in a process of its own (as bench/bench-server.ts):
//
// - server: the portal's device link as `npm start` runs it (buildApp with the device link:
//   embedded aedes broker, or an external broker through BENCH_MQTT_URL; the gateway; the batch
//   writer; PGlite in a data folder, or PostgreSQL in schema `bench_ingest`). The bench devices are
//   seeded with their units and hashed credentials before the app starts.
// - baseline: the same broker (the portal's embedded broker with its sign-in and ACLs, or the
//   external one) and a bare MQTT subscriber that acknowledges at once and only counts (on an
//   external broker through as many MQTT 5 sessions, with the same receive maximum, as the gateway).
//
// Commit time is taken from the writer's own report of each committed batch (`writer.observe`:
// writeIngestBatch's result, with its `written` messages, and the transaction's time), so each
// message is timed `commit − ts`, whichever writer lane it came through. `enqueue` is wrapped to
// count arrivals; arrivals − queued() is what the writer has taken off its queues.
import { sql } from "kysely";
import mqtt from "mqtt";
import pg from "pg";
import { buildApp } from "../apps/server/src/app.ts";
import { migrateToLatest } from "../apps/server/src/db/migrate.ts";
import { createEmbeddedDatabase, type Db, openDb } from "../apps/server/src/db/open.ts";
import { seedReferenceData } from "../apps/server/src/db/seed/reference-data.ts";
import { RECEIVE_MAXIMUM, SHARED_SESSIONS } from "../apps/server/src/devices/device-gateway.ts";
import { deviceSecretMatches, hashDeviceSecret, newDeviceSecret } from "../apps/server/src/devices/device-secret.ts";
import { startEmbeddedBroker } from "../apps/server/src/devices/embedded-broker.ts";
import type { QueuedMessage } from "../apps/server/src/devices/ingest-item.ts";
import { createTrafficCounters } from "../apps/server/src/devices/traffic-counters.ts";
import { makeBenchDevices, seedIngestDevices } from "./ingest-data.ts";
import {
  addToRanges,
  type FromSink,
  measureLoad,
  missingFrom,
  type ProcessLoad,
  percentiles,
  perSecond,
  type SeqRanges,
  type SinkReport,
  type ToSink,
  type Window,
} from "./ingest-ipc.ts";

export interface SinkConfig {
  mode: "server" | "baseline";
  engine: "pglite" | "postgres";
  devices: number;
  /** Serial numbers are `${tag}-000001`…, new for every phase, so nothing of an earlier one can mix in. */
  tag: string;
  databaseUrl?: string;
  schema: string;
  mqttUrl?: string;
  /** PGlite's data folder (made and removed by the orchestrator). */
  dataDir?: string;
}

const config = JSON.parse(process.env.BENCH_INGEST_CONFIG ?? "{}") as SinkConfig;
const send = (message: FromSink) => process.send?.(message);
const started = Date.now();
const log = {
  info: () => {},
  warn: (fields: Record<string, unknown>, message: string) => console.warn(message, fields),
};

const benchDevices = makeBenchDevices(config.devices, config.tag);

/** What both modes record: per message, its publish time (`ts`) and when it was committed or received. */
const publishedAt: number[] = [];
const doneAt: number[] = [];
let window: Window | null = null;
let load: Promise<ProcessLoad> | null = null;
let publishingEnded = 0;
let drain: { ms: number; end: SinkReport["drainEnd"]; pending: number } = { ms: 0, end: "drained", pending: 0 };

interface Sink {
  url: string;
  /** Messages handed over so far (queued by the gateway, or received). */
  arrived(): number;
  /** Of those, committed (or counted). */
  done(): number;
  report(acked: SeqRanges): Promise<Omit<SinkReport, keyof CommonReport>>;
  stop(): Promise<void>;
}

type CommonReport = Pick<
  SinkReport,
  | "inWindow"
  | "perSecond"
  | "latency"
  | "total"
  | "drainMs"
  | "drained"
  | "drainEnd"
  | "pendingAtEnd"
  | "load"
  | "timeline"
  | "setupMs"
>;

interface TakenMessage {
  deviceId: string;
  message: { seq: number; ts: number };
}

/**
 * What a writer transaction took off its queue for good, or null for any other transaction:
 * the messages it committed (`written`) and those it dropped on purpose and counted (a full
 * checker's telemetry, frames of no task); writeIngestBatch's result.
 */
const takenOf = (result: unknown): { written: TakenMessage[]; dropped: TakenMessage[] } | null => {
  const batch = result as { written?: unknown; capacityFull?: unknown; unknownTask?: unknown } | null;
  if (batch?.written === undefined) return null;
  if (![batch.written, batch.capacityFull, batch.unknownTask].every(Array.isArray)) {
    throw new Error("the writer's transaction no longer returns its written messages: update bench/ingest-server.ts");
  }
  return {
    written: batch.written as TakenMessage[],
    dropped: [...(batch.capacityFull as TakenMessage[]), ...(batch.unknownTask as TakenMessage[])],
  };
};

async function startBaseline(): Promise<Sink> {
  const internal = { username: `bench-${process.pid}`, password: newDeviceSecret() };
  let broker: Awaited<ReturnType<typeof startEmbeddedBroker>> | null = null;
  let url = config.mqttUrl;
  if (!url) {
    const hashes = new Map(benchDevices.map((d) => [d.serial.toLowerCase(), hashDeviceSecret(d.secret)]));
    broker = await startEmbeddedBroker({
      host: "127.0.0.1",
      port: 0,
      internal,
      counters: createTrafficCounters({ log: () => {} }),
      log,
      deviceSecretMatches: async (serial, secret) => {
        const hash = hashes.get(serial.toLowerCase());
        return hash !== undefined && deviceSecretMatches(secret, hash);
      },
    });
    url = `mqtt://127.0.0.1:${broker.port}`;
  }
  const received: SeqRanges = {};
  const prefix = `vrf/${config.tag}-`;
  // Only counts: the seq and ts are read from the payload's fixed head, nothing is parsed.
  const count = (packet: { topic: string; payload: Buffer | string }) => {
    if (!packet.topic.startsWith(prefix)) return;
    const text = packet.payload.toString();
    const seqAt = text.indexOf('"seq":') + 6;
    const tsAt = text.indexOf('"ts":', seqAt) + 5;
    const seq = Number.parseInt(text.slice(seqAt, text.indexOf(",", seqAt)), 10);
    const ts = Number.parseInt(text.slice(tsAt, text.indexOf(",", tsAt)), 10);
    const serial = packet.topic.slice(4, packet.topic.indexOf("/", 4));
    const ranges = received[serial] ?? [];
    received[serial] = ranges;
    addToRanges(ranges, seq);
    publishedAt.push(ts);
    doneAt.push(Date.now());
  };
  // The sessions the gateway opens: on an external broker as many, in MQTT 5 with the same
  // receive maximum (the broker's per-session queue is what a slow start overflows); one on the
  // embedded broker.
  const group = `bench-ingest-baseline-${process.pid}`;
  const clients: mqtt.MqttClient[] = [];
  for (let k = 0; k < (config.mqttUrl ? SHARED_SESSIONS : 1); k++) {
    const client = await mqtt.connectAsync(url, {
      clientId: `bench-baseline-${process.pid}-${k}`,
      ...(broker ? internal : {}),
      clean: true,
      reconnectPeriod: 1_000,
      ...(config.mqttUrl ? { protocolVersion: 5 as const, properties: { receiveMaximum: RECEIVE_MAXIMUM } } : {}),
    });
    client.handleMessage = (packet, done) => {
      count(packet);
      done();
    };
    await client.subscribeAsync(`${config.mqttUrl ? `$share/${group}/` : ""}vrf/+/+`, { qos: 1 });
    clients.push(client);
  }
  return {
    url,
    arrived: () => doneAt.length,
    done: () => doneAt.length,
    report: async (acked) => {
      const { missing, sample } = missingFrom(acked, received);
      return { mode: "baseline", engine: "-", lost: missing, lostSample: sample, backlogMax: 0 };
    },
    stop: async () => {
      await Promise.all(clients.map((client) => client.endAsync(true).catch(() => {})));
      await broker?.close();
    },
  };
}

async function startServer(): Promise<Sink> {
  const { databaseUrl, schema } = config;
  let db: Db;
  if (config.engine === "postgres" && databaseUrl) {
    // A schema of its own, rebuilt per run; nothing else in the database is touched.
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS ${client.escapeIdentifier(schema)} CASCADE`);
    await client.query(`CREATE SCHEMA ${client.escapeIdentifier(schema)}`);
    await client.end();
    db = openDb({ databaseUrl, schema });
  } else {
    // As `npm start` does: PGlite in a data folder, created in a child process. The folder is the
    // orchestrator's, which removes it however this process ends.
    if (!config.dataDir) throw new Error("PGlite needs a data folder");
    await createEmbeddedDatabase(config.dataDir);
    db = openDb({ dataDir: config.dataDir });
  }
  await migrateToLatest(db, { schema: databaseUrl ? schema : undefined });
  await seedReferenceData(db);
  await seedIngestDevices(db, benchDevices, config.tag);

  const app = await buildApp({
    db,
    mailer: { from: "bench@vrf.local", deliver: async () => undefined },
    logLevel: process.env.BENCH_LOG_LEVEL ?? "warn",
    deviceLink: {
      broker: config.mqttUrl ? { url: config.mqttUrl } : { embedded: { host: "127.0.0.1", port: 0 } },
      databaseUrl: databaseUrl,
      // Its own NOTIFY channel and shared-subscription group: nothing else on the database or the
      // broker hears these events or takes a share of these messages.
      eventsChannel: `bench_ingest_${process.pid}`,
      sharedGroup: `bench-ingest-${process.pid}`,
    },
  });
  const link = app.deviceLink;
  if (!link) throw new Error("the device link did not start");

  // Instruments: see the top of this file.
  let enqueued = 0;
  let backlogMax = 0;
  /** The largest queue in each second of the run, by seconds from the window's start. */
  const backlogPeaks: Record<number, number> = {};
  /** Per second from the window's start: writer transactions committed, their messages, their summed ms. */
  const transactionsBySecond: Record<number, [number, number, number]> = {};
  const batchSizes: number[] = [];
  const txMs: number[] = [];
  /** What committed writer transactions took for good, per serial. */
  const committed: SeqRanges = {};
  const enqueue = link.writer.enqueue;
  link.writer.enqueue = (message: QueuedMessage) => {
    enqueued++;
    enqueue(message);
    const queued = link.writer.queued();
    if (queued > backlogMax) backlogMax = queued;
    if (window) {
      // Whole seconds from the window's start (negative in the warm-up).
      const second = Math.floor((Date.now() - window.from) / 1000);
      if (queued > (backlogPeaks[second] ?? 0)) backlogPeaks[second] = queued;
    }
  };
  link.writer.observe((result, ms) => {
    const at = Date.now();
    const taken = takenOf(result);
    if (!taken) return;
    txMs.push(ms);
    if (window) {
      const second = Math.floor((Date.now() - window.from) / 1000);
      const slot = transactionsBySecond[second] ?? [0, 0, 0];
      transactionsBySecond[second] = slot;
      slot[0]++;
      slot[1] += taken.written.length;
      slot[2] += ms;
    }
    batchSizes.push(taken.written.length);
    for (const item of taken.written) {
      publishedAt.push(item.message.ts);
      doneAt.push(at);
    }
    for (const item of [...taken.written, ...taken.dropped]) {
      const ranges = committed[item.deviceId] ?? [];
      committed[item.deviceId] = ranges;
      addToRanges(ranges, item.message.seq);
    }
  });

  await app.ready();
  const url = config.mqttUrl ?? `mqtt://127.0.0.1:${link.brokerPort}`;
  return {
    url,
    arrived: () => enqueued,
    // Taken off the writer's queues: committed, or dropped on purpose (counted by the gateway).
    done: () => enqueued - link.writer.queued(),
    report: async (acked) => {
      // Lost = acknowledged by the broker and in no committed writer transaction (whatever the
      // writer keeps to recognise duplicates).
      const { missing, sample } = missingFrom(acked, committed);
      const count = async (table: string) =>
        Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)}`.execute(db)).rows[0]?.n);
      const rows = {
        device_message_ids: await count("device_message_ids"),
        device_seq_windows: await count("device_seq_windows"),
        telemetry_snapshots: await count("telemetry_snapshots"),
        faults: await count("faults"),
        open_faults: Number(
          (await sql<{ n: number }>`SELECT count(*)::int AS n FROM faults WHERE repaired_at IS NULL`.execute(db))
            .rows[0]?.n,
        ),
        device_status_history: await count("device_status_history"),
      };
      return {
        mode: "server",
        engine: config.engine,
        lost: missing,
        lostSample: sample,
        backlogMax,
        backlogBySecond: Object.entries(backlogPeaks)
          .map(([second, peak]) => [Number(second), peak] as [number, number])
          .sort((a, b) => a[0] - b[0]),
        transactionsBySecond: Object.entries(transactionsBySecond)
          .map(
            ([second, [count, messages, ms]]) =>
              [Number(second), count, messages, Math.round(ms / count)] as [number, number, number, number],
          )
          .sort((a, b) => a[0] - b[0]),
        batches: {
          count: batchSizes.length,
          meanSize: batchSizes.length ? batchSizes.reduce((a, b) => a + b, 0) / batchSizes.length : 0,
          txMs: percentiles(txMs),
        },
        counters: link.counters.snapshot(),
        rows,
      };
    },
    stop: async () => {
      await app.close();
      await db.destroy();
    },
  };
}

const sink = config.mode === "baseline" ? await startBaseline() : await startServer();
const setupMs = Date.now() - started;
send({ type: "ready", url: sink.url, devices: benchDevices, setupMs });

/**
 * Waits until everything acknowledged has been committed (or received). Gives up at `maxMs`, when
 * nothing moved for `stallMs`, or as soon as the recent commit rate cannot clear what is pending
 * before `maxMs`: an overloaded server would not drain within any bounded run.
 */
async function settle(expected: number, publishedUntil: number, maxMs: number, stallMs: number) {
  publishingEnded = publishedUntil;
  const began = Date.now();
  const giveUpAt = began + maxMs;
  const history: Array<{ at: number; done: number }> = [];
  let lastChange = began;
  let seen = "";
  for (;;) {
    const now = Date.now();
    const done = sink.done();
    const arrived = sink.arrived();
    const pending = Math.max(expected, arrived) - done;
    if (done >= expected && done === arrived) {
      drain = { ms: now - publishingEnded, end: "drained", pending: 0 };
      return;
    }
    if (`${done}/${arrived}` !== seen) {
      seen = `${done}/${arrived}`;
      lastChange = now;
    }
    history.push({ at: now, done });
    while (history.length > 0 && (history[0] as { at: number }).at < now - 3_000) history.shift();
    const oldest = history[0] as { at: number; done: number };
    const rate = now - oldest.at > 0 ? ((done - oldest.done) / (now - oldest.at)) * 1000 : 0;
    // Nothing arrives and nothing is left to write: the rest never reached the server.
    const stalled = now - lastChange > stallMs && done === arrived;
    // Still moving, but too slowly to clear what is pending in the time left. An external broker
    // may have dropped what has not arrived (Mosquitto's per-session queue limit), so there only
    // what the server holds counts; the embedded broker drops nothing, it holds the rest in here.
    const backlog = config.mqttUrl ? arrived - done : pending;
    const hopeless =
      !stalled && now - lastChange < 1_000 && now - began > 3_000 && backlog > rate * ((giveUpAt - now) / 1000) * 1.5;
    if (stalled || hopeless || now > giveUpAt) {
      drain = { ms: now - publishingEnded, end: stalled ? "stalled" : hopeless ? "hopeless" : "timeout", pending };
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function report(acked: SeqRanges, timed: number): Promise<SinkReport> {
  const w = window ?? { from: 0, to: 0 };
  const inWindow = doneAt.filter((t) => t >= w.from && t < w.to).length;
  const latencies: number[] = [];
  for (let i = 0; i < doneAt.length; i++) {
    const ts = publishedAt[i] as number;
    const at = doneAt[i];
    if (at !== undefined && ts >= w.from && ts < w.to) latencies.push(at - ts);
  }
  const specific = await sink.report(acked);
  return {
    ...specific,
    inWindow,
    perSecond: inWindow / ((w.to - w.from) / 1000),
    latency: percentiles(latencies, timed),
    total: sink.done(),
    drainMs: drain.ms,
    drained: drain.end === "drained",
    drainEnd: drain.end,
    pendingAtEnd: drain.pending,
    load: (await load) ?? { cpuSeconds: 0, eventLoopUtilization: 0 },
    timeline: perSecond(doneAt, w),
    setupMs,
  };
}

process.on("message", (message: ToSink) => {
  if (message.type === "window") {
    window = message.window;
    load = measureLoad(message.window);
  } else if (message.type === "settle") {
    void settle(message.expected, message.publishedUntil, message.maxMs, message.stallMs).then(() =>
      send({ type: "settled" }),
    );
  } else if (message.type === "report") {
    void report(message.acked, message.timed).then((r) => send({ type: "report", report: r }));
  } else if (message.type === "stop") {
    // aedes can overflow its stack while closing on a large backlog; the report is out by then.
    process.on("uncaughtException", (error) => {
      console.warn(`the sink failed while stopping: ${error.message}`);
      process.exit(1);
    });
    void sink
      .stop()
      .catch((error: unknown) => console.warn("stopping the bench sink:", error))
      .finally(() => process.exit(0));
  }
});
// Never outlive the benchmark: a parent that died cannot stop us.
process.on("disconnect", () => {
  void sink.stop().finally(() => process.exit(0));
});
