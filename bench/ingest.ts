// `npm run bench:ingest`: device messages through the real device link. N devices (each its own MQTT
// connection with its own credentials) publish at a target rate for a fixed time; the broker hands
// them to the portal's gateway, the batch writer commits them to the database. Measured: messages
// committed per second, publish-to-commit latency (p50/p99), and messages lost (acknowledged by
// the broker, never committed: must be 0). Beside it, in the same run and with the same publishers
// and broker, a baseline: a bare MQTT subscriber that only counts.
//
// Three kinds of process, so the measured one shares its event loop with nothing else: this one
// (orchestration and the table), the publishers (bench/ingest-publishers.ts) and, one phase after
// the other, the sink (bench/ingest-server.ts): the baseline subscriber, then the server on each
// database engine.
//
//   npm run bench:ingest -- --seconds 60 --devices 2000 --rate 10000 (the defaults)
//   --rate 2000,4000 measures each rate in turn; --warmup (5 s), --drain (60 s at most),
//   --engines postgres,pglite, --no-baseline; BENCH_INGEST_SECONDS and friends do the same.
//   BENCH_DATABASE_URL=postgres://… also measures PostgreSQL (schema bench_ingest, rebuilt per run)
//   BENCH_MQTT_URL=mqtt://127.0.0.1:1883 uses that broker instead of the embedded one
//   BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the sink processes
// Results: a table, and bench/results/ingest-<time>.json. Where a batch spends its time in
// PostgreSQL: bench/ingest-explain.ts.
import { type ChildProcess, execSync, fork } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { SERVER_NODE_FLAGS } from "../scripts/server-node-flags.mjs";
import type {
  FromPublishers,
  FromSink,
  PublisherReport,
  SinkReport,
  ToPublishers,
  ToSink,
  Window,
} from "./ingest-ipc.ts";
import type { SinkConfig } from "./ingest-server.ts";
import { type CpuSnapshot, cpuSnapshot, TICKS } from "./process-cpu.ts";

const here = dirname(fileURLToPath(import.meta.url));
const env = process.env;
const { values: args } = parseArgs({
  options: {
    seconds: { type: "string", default: env.BENCH_INGEST_SECONDS ?? "60" },
    devices: { type: "string", default: env.BENCH_INGEST_DEVICES ?? "2000" },
    rate: { type: "string", default: env.BENCH_INGEST_RATE ?? "10000" },
    warmup: { type: "string", default: env.BENCH_INGEST_WARMUP ?? "5" },
    drain: { type: "string", default: env.BENCH_INGEST_DRAIN ?? "60" },
    engines: { type: "string", default: env.BENCH_ENGINES ?? (env.BENCH_DATABASE_URL ? "postgres,pglite" : "pglite") },
    "no-baseline": { type: "boolean", default: false },
  },
});
const SECONDS = Number(args.seconds);
const DEVICES = Number(args.devices);
/** A list (`--rate 2000,4000`) measures each rate in turn, baseline included. */
const RATES = args.rate.split(",").map(Number);
const WARMUP = Number(args.warmup);
const DRAIN = Number(args.drain);
const DATABASE_URL = env.BENCH_DATABASE_URL || undefined;
const MQTT_URL = env.BENCH_MQTT_URL || undefined;
const SCHEMA = env.BENCH_INGEST_SCHEMA ?? "bench_ingest";
const engines = args.engines
  .split(",")
  .filter((e): e is "postgres" | "pglite" => e === "pglite" || (e === "postgres" && DATABASE_URL !== undefined));
const broker = MQTT_URL ? `external ${MQTT_URL}` : "embedded aedes";
/** The gateway's flood guard lets a device send 20 messages a second on average. */
const FLOOD_PER_SECOND = 20;

if (![SECONDS, DEVICES, ...RATES, WARMUP, DRAIN].every((n) => Number.isFinite(n) && n >= 0) || DEVICES < 1) {
  console.error("--seconds, --devices, --rate, --warmup and --drain take numbers");
  process.exit(2);
}
if (Math.max(...RATES) / DEVICES > FLOOD_PER_SECOND * 0.75) {
  console.warn(
    `${(Math.max(...RATES) / DEVICES).toFixed(1)} msg/s per device is close to the flood guard's ${FLOOD_PER_SECOND}: use more --devices`,
  );
}

// Every child is stopped with the benchmark, however it ends.
const children = new Set<ChildProcess>();
const tempDirs = new Set<string>();
const killAll = () => {
  for (const child of children) if (child.exitCode === null && child.pid) child.kill("SIGKILL");
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
};
process.on("exit", killAll);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    killAll();
    process.exit(130);
  });
}

const start = (script: string, childEnv: NodeJS.ProcessEnv, nodeArgs: string[] = []) => {
  const child = fork(join(here, script), [], {
    env: childEnv,
    execArgv: ["--import", "tsx", ...nodeArgs],
    stdio: "inherit",
  });
  children.add(child);
  child.once("exit", () => children.delete(child));
  return child;
};

/** The next message of `type` from `child`; rejects when it exits first or the time is up. */
const next = <M extends { type: string }, T extends M["type"]>(
  child: ChildProcess,
  type: T,
  timeoutMs: number,
): Promise<Extract<M, { type: T }>> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`no ${type} from ${child.pid} within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    const onMessage = (message: M) => {
      if (message.type !== type) return;
      cleanup();
      resolve(message as Extract<M, { type: T }>);
    };
    const onExit = (code: number | null) => {
      cleanup();
      reject(new Error(`process ${child.pid} exited (${code}) before ${type}`));
    };
    const cleanup = () => {
      clearTimeout(timer);
      child.off("message", onMessage);
      child.off("exit", onExit);
    };
    child.on("message", onMessage);
    child.once("exit", onExit);
  });

/** Asks a child to stop, and kills it if it has not within `ms`. */
const stop = (child: ChildProcess, ms: number) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    const timer = setTimeout(() => child.kill("SIGKILL"), ms);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    if (child.connected) child.send({ type: "stop" });
    else child.kill("SIGTERM");
  });

interface Phase {
  name: string;
  /** The target rate, msg/s. */
  rate: number;
  mode: "baseline" | "server";
  engine: "pglite" | "postgres" | "-";
  publishers: Omit<PublisherReport, "ackedRanges">;
  sink: SinkReport;
  machine: {
    busyPercent: number;
    /** Busy share of the machine in the 1.5 s before publishing, with the sink and publishers idle. */
    backgroundBusyPercent: number;
    postgresCpuSeconds: number;
    mosquittoCpuSeconds: number;
  };
}

async function runPhase(mode: "baseline" | "server", engine: "pglite" | "postgres" | "-", rate: number, index: number) {
  const name = mode === "baseline" ? "baseline: bare subscriber" : `server, ${engine}`;
  const began = Date.now();
  console.log(`\n=== ${name} (${broker}), ${rate} msg/s ===`);
  const config: SinkConfig = {
    mode,
    engine: engine === "-" ? "pglite" : engine,
    devices: DEVICES,
    tag: `BI${Date.now().toString(36).toUpperCase()}${index}`,
    schema: SCHEMA,
    ...(engine === "postgres" && DATABASE_URL ? { databaseUrl: DATABASE_URL } : {}),
    ...(MQTT_URL ? { mqttUrl: MQTT_URL } : {}),
    ...(mode === "server" && engine === "pglite" ? { dataDir: mkdtempSync(join(tmpdir(), "vrf-bench-ingest-")) } : {}),
  };
  if (config.dataDir) tempDirs.add(config.dataDir);
  // The sink runs with the server's own flags (scripts/server-node-flags.mjs), as `npm start` runs it.
  const nodeArgs = [...SERVER_NODE_FLAGS, ...(env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? [])];
  const sink = start("ingest-server.ts", { ...env, BENCH_INGEST_CONFIG: JSON.stringify(config) }, nodeArgs);
  const publishers = start(
    "ingest-publishers.ts",
    { ...env },
    env.BENCH_PUBLISHER_NODE_ARGS?.split(" ").filter(Boolean) ?? [],
  );
  try {
    const ready = await next<FromSink, "ready">(sink, "ready", 10 * 60_000);
    console.log(`sink ready in ${(ready.setupMs / 1000).toFixed(1)} s; connecting ${DEVICES} devices to ${ready.url}`);
    publishers.send({ type: "connect", url: ready.url, devices: ready.devices } satisfies ToPublishers);
    const connected = await next<FromPublishers, "connected">(publishers, "connected", 5 * 60_000);
    console.log(`${connected.connected} connected in ${(connected.ms / 1000).toFixed(1)} s`);
    if (connected.failed.length > 0) console.warn("refused:", connected.failed);
    if (connected.connected === 0) throw new Error("no device could connect");

    // What the machine does without us (other work on a shared machine skews every number).
    const idleFrom = cpuSnapshot();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const idleTo = cpuSnapshot();
    const backgroundBusyPercent = ((idleTo.busy - idleFrom.busy) / (idleTo.total - idleFrom.total)) * 100;
    const startAt = Date.now() + 500;
    const window: Window = { from: startAt + WARMUP * 1000, to: startAt + (WARMUP + SECONDS) * 1000 };
    sink.send({ type: "window", window } satisfies ToSink);
    publishers.send({ type: "run", rate, startAt, window, ackWaitMs: 10_000 } satisfies ToPublishers);
    let cpuFrom: CpuSnapshot | null = null;
    let cpuTo: CpuSnapshot | null = null;
    setTimeout(() => {
      cpuFrom = cpuSnapshot();
    }, window.from - Date.now());
    setTimeout(() => {
      cpuTo = cpuSnapshot();
    }, window.to - Date.now());
    console.log(`publishing ${rate} msg/s for ${WARMUP} s warm-up + ${SECONDS} s measured…`);
    const done = await next<FromPublishers, "done">(publishers, "done", (WARMUP + SECONDS + 120) * 1000);
    const { ackedRanges, ...published } = done.report;
    console.log(`published ${published.published}, acknowledged ${published.acked}; waiting for the sink to drain…`);
    sink.send({
      type: "settle",
      expected: published.acked,
      publishedUntil: window.to,
      maxMs: DRAIN * 1000,
      stallMs: 10_000,
    } satisfies ToSink);
    await next<FromSink, "settled">(sink, "settled", (DRAIN + 60) * 1000);
    sink.send({ type: "report", acked: ackedRanges, timed: published.ackLatency.count } satisfies ToSink);
    const { report } = await next<FromSink, "report">(sink, "report", 5 * 60_000);
    const from = cpuFrom as CpuSnapshot | null;
    const to = cpuTo as CpuSnapshot | null;
    const machine: Phase["machine"] =
      from && to
        ? {
            busyPercent: ((to.busy - from.busy) / (to.total - from.total)) * 100,
            backgroundBusyPercent,
            postgresCpuSeconds: ((to.byName.postgres ?? 0) - (from.byName.postgres ?? 0)) / TICKS,
            mosquittoCpuSeconds: ((to.byName.mosquitto ?? 0) - (from.byName.mosquitto ?? 0)) / TICKS,
          }
        : { busyPercent: 0, backgroundBusyPercent, postgresCpuSeconds: 0, mosquittoCpuSeconds: 0 };
    return { name, rate, mode, engine, publishers: published, sink: report, machine } satisfies Phase;
  } finally {
    await stop(publishers, 20_000);
    await stop(sink, 60_000);
    if (config.dataDir) {
      rmSync(config.dataDir, { recursive: true, force: true });
      tempDirs.delete(config.dataDir);
    }
    console.log(`phase done in ${((Date.now() - began) / 1000).toFixed(0)} s`);
  }
}

const commit = (() => {
  try {
    return execSync("git rev-parse --short HEAD", { cwd: here }).toString().trim();
  } catch {
    return "unknown";
  }
})();

/** Server code that differs from the commit: a result measured on a changed tree says so. */
const changed = (() => {
  try {
    return execSync("git --no-optional-locks status --porcelain -- apps packages", { cwd: resolve(here, "..") })
      .toString()
      .split("\n")
      .filter(Boolean)
      .map((line) => line.slice(3));
  } catch {
    return [];
  }
})();

const phases: Phase[] = [];
const plan = RATES.flatMap((rate) => [
  ...(args["no-baseline"] ? [] : [{ mode: "baseline" as const, engine: "-" as const, rate }]),
  ...engines.map((engine) => ({ mode: "server" as const, engine, rate })),
]);
for (const [i, { mode, engine, rate }] of plan.entries()) {
  try {
    phases.push(await runPhase(mode, engine, rate, i));
  } catch (error) {
    console.error(`${mode} ${engine} at ${rate} msg/s failed:`, error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}

const pct = (x: number) => Math.round(x);
/** Loss is final once everything was committed, or once nothing more arrived with nothing left to write. */
const lostKnown = (p: Phase) => p.sink.drainEnd === "drained" || p.sink.drainEnd === "stalled";
const ms = (x: number | null) => (x === null ? "not committed" : Math.round(x));
const rows = phases.map((p) => {
  const perCore = (seconds: number) => pct((seconds / SECONDS) * 100);
  const baseline = phases.find((b) => b.mode === "baseline" && b.rate === p.rate);
  return {
    run: p.name,
    "target msg/s": p.rate,
    "offered msg/s": pct(p.publishers.publishedInWindow / SECONDS),
    "acked msg/s": pct(p.publishers.ackedInWindow / SECONDS),
    "committed msg/s": pct(p.sink.perSecond),
    "p50 ms": ms(p.sink.latency.p50),
    "p99 ms": ms(p.sink.latency.p99),
    lost: lostKnown(p) ? p.sink.lost : `? (${p.sink.pendingAtEnd} pending)`,
    "backlog max": p.sink.backlogMax,
    "drain s": `${(p.sink.drainMs / 1000).toFixed(1)}${p.sink.drained ? "" : ` (${p.sink.drainEnd})`}`,
    "sink CPU %": perCore(p.sink.load.cpuSeconds),
    "sink ELU %": pct(p.sink.load.eventLoopUtilization * 100),
    "publishers CPU %": perCore(p.publishers.load.cpuSeconds),
    "postgres CPU %": perCore(p.machine.postgresCpuSeconds),
    ...(MQTT_URL ? { "mosquitto CPU %": perCore(p.machine.mosquittoCpuSeconds) } : {}),
    "machine busy %": pct(p.machine.busyPercent),
    "before %": pct(p.machine.backgroundBusyPercent),
    "vs baseline": baseline ? `${((p.sink.perSecond / baseline.sink.perSecond) * 100).toFixed(0)}%` : "",
  };
});

console.log(
  `\nDevice ingest, ${broker}, ${DEVICES} devices, target ${RATES.join(", ")} msg/s (${(Math.max(...RATES) / DEVICES).toFixed(1)} per device at most), ` +
    `${SECONDS} s measured after ${WARMUP} s warm-up, ${cpus().length} cores, commit ${commit}` +
    (changed.length > 0 ? ` with changes to ${changed.join(", ")}` : ""),
);
console.log(
  'For the baseline "committed" is "received" (by the bare subscriber). CPU % is of one core over the measured window; ' +
    '"machine busy %" is of all cores, "before %" the same in the 1.5 s before publishing (other work on the machine). ' +
    '"lost": acknowledged by the broker, never committed; "?" when the drain gave up with messages still on their way ' +
    "(hopeless: the commit rate could not clear them in --drain seconds).",
);
console.table(rows);
for (const p of phases) {
  const t = p.sink.timeline;
  const sorted = [...t].sort((a, b) => a - b);
  console.log(
    `${p.name} at ${p.rate}: per second min ${sorted[0] ?? 0} / median ${sorted[Math.floor(sorted.length / 2)] ?? 0} / max ${sorted[sorted.length - 1] ?? 0}` +
      (p.sink.batches
        ? `; ${p.sink.batches.count} batches of ${p.sink.batches.meanSize.toFixed(0)} on average, transaction p50 ${p.sink.batches.txMs.p50?.toFixed(1)} ms, p99 ${p.sink.batches.txMs.p99?.toFixed(1)} ms`
        : "") +
      (lostKnown(p) && p.sink.lost > 0 ? `; LOST e.g. ${p.sink.lostSample.join(", ")}` : ""),
  );
  if (p.sink.backlogBySecond?.length)
    console.log(
      `  backlog (largest per second, thousands, from the warm-up on): ${p.sink.backlogBySecond
        .map(([second, peak]) => `${second}:${(peak / 1000).toFixed(1)}`)
        .join(" ")}`,
    );
  if (p.sink.transactionsBySecond?.length)
    console.log(
      `  writer transactions per second (second:count×mean ms, from the warm-up on): ${p.sink.transactionsBySecond
        .map(([second, count, , ms]) => `${second}:${count}×${ms}`)
        .join(" ")}`,
    );
  if (p.publishers.skipped > 0) console.log(`  the publishers fell behind by ${p.publishers.skipped} messages`);
  if (p.publishers.unacknowledged > 0)
    console.log(`  ${p.publishers.unacknowledged} messages were still unacknowledged when the publishers stopped`);
  const gc = p.sink.load.gc;
  if (gc)
    console.log(
      `  sink GC in the window: ${gc.totalMs.toFixed(0)} ms in all, longest pause ${gc.maxMs.toFixed(0)} ms, ${gc.major} full collections; ` +
        `longest event-loop delay ${p.sink.load.loopDelayMaxMs?.toFixed(0)} ms`,
    );
  if (p.sink.counters) console.log("  gateway counters:", JSON.stringify(p.sink.counters));
}

mkdirSync(join(here, "results"), { recursive: true });
const file = join(here, "results", `ingest-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
writeFileSync(
  file,
  `${JSON.stringify(
    {
      at: new Date().toISOString(),
      commit,
      changed,
      cores: cpus().length,
      broker,
      options: { seconds: SECONDS, warmup: WARMUP, devices: DEVICES, rates: RATES, drain: DRAIN, engines },
      rows,
      phases,
    },
    null,
    2,
  )}\n`,
);
console.log(`written ${file}`);
