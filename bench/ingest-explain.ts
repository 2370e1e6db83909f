// Where one ingest batch spends its time in PostgreSQL: `npx tsx bench/ingest-explain.ts` with
// BENCH_DATABASE_URL set. Seeds the benchmark's devices in schema `bench_ingest_explain` (rebuilt
// each run), makes batches like the ones the writer commits under load (one message from each of
// `--batch` devices, the benchmark's mix), writes a few to warm up, times some, then writes one
// more with auto_explain (ANALYZE, triggers, nested statements) reporting every statement's plan
// as a notice: the statements are listed by duration, with the triggers they fired. It prints the
// CPU a batch costs the writer and PostgreSQL; `--prepared` times the batches through the server's
// own database access. With `--existing --schema bench` it writes beside the HTTP benchmark's
// scale data instead.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { DEVICE_MESSAGE_SCHEMAS } from "@vrf/contract/device/messages.ts";
import { parseDeviceTopic } from "@vrf/contract/device/protocol.ts";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { migrateToLatest } from "../apps/server/src/db/migrate.ts";
import { openDb } from "../apps/server/src/db/open.ts";
import { openPipelinedConnection, type PipelinedConnection } from "../apps/server/src/db/pipelined-connection.ts";
import type { Database } from "../apps/server/src/db/schema.ts";
import { seedReferenceData } from "../apps/server/src/db/seed/reference-data.ts";
import { createDeviceDirectoryRepository } from "../apps/server/src/devices/device-directory.repository.ts";
import { createDeviceEvents } from "../apps/server/src/devices/device-events.ts";
import * as serverRepository from "../apps/server/src/devices/ingest.repository.ts";
import type { IngestItem } from "../apps/server/src/devices/ingest-item.ts";
import { createIngestMemory } from "../apps/server/src/devices/ingest-memory.ts";
import { makeBenchDevices, seedIngestDevices } from "./ingest-data.ts";
import { createMessageSource } from "./ingest-messages.ts";
import { cpuSnapshot, TICKS } from "./process-cpu.ts";

const databaseUrl = process.env.BENCH_DATABASE_URL;
if (!databaseUrl) {
  console.error("BENCH_DATABASE_URL=postgres://… is required");
  process.exit(2);
}
const { values: args } = parseArgs({
  options: {
    batch: { type: "string", default: "500" },
    rounds: { type: "string", default: "10" },
    schema: { type: "string", default: "bench_ingest_explain" },
    // A module exporting writeIngestTransaction (ingest.repository.ts) to measure instead of the server's (a proposed change).
    repository: { type: "string" },
    // SQL run after the migrations, e.g. a proposed migration.
    "setup-sql": { type: "string" },
    // Write into a schema that exists (the HTTP benchmark's scale data, `bench`) instead of a new
    // one: adds its devices beside what is there and leaves the schema in place.
    existing: { type: "boolean", default: false },
    // Time the batches through the server's own database access (db/open.ts: named prepared
    // statements, planned once per connection) instead of this tool's single plain connection.
    prepared: { type: "boolean", default: false },
  },
});
const { writeIngestTransaction } = (
  args.repository ? await import(resolve(args.repository)) : serverRepository
) as typeof serverRepository;
const BATCH = Number(args.batch);
const ROUNDS = Number(args.rounds);
const schema = args.schema;

if (!args.existing) {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`DROP SCHEMA IF EXISTS ${admin.escapeIdentifier(schema)} CASCADE`);
  await admin.query(`CREATE SCHEMA ${admin.escapeIdentifier(schema)}`);
  await admin.end();
}

// One connection, so the session settings below hold for every statement.
const notices: string[] = [];
const pool = new pg.Pool({ connectionString: databaseUrl, max: 1, options: `-c search_path=${schema}` });
pool.on("connect", (client) => client.on("notice", (notice) => notices.push(notice.message ?? "")));
// Each statement's time as the client sees it (sending, planning, executing, reading the answer),
// summed per statement over the timed rounds: what auto_explain's execution times leave out.
const clientTimes = new Map<string, number>();
let timing = false;
const db = new Kysely<Database>({
  dialect: new PostgresDialect({ pool }),
  log: (event) => {
    if (!timing) return;
    const key = event.query.sql.replace(/\s+/g, " ").trim().slice(0, 110);
    clientTimes.set(key, (clientTimes.get(key) ?? 0) + event.queryDurationMillis);
  },
});
if (!args.existing) {
  await migrateToLatest(db, { schema });
  if (args["setup-sql"]) await sql.raw(readFileSync(args["setup-sql"], "utf8")).execute(db);
  await seedReferenceData(db);
}
// A tag of its own per run, so runs on an existing schema do not collide on serial numbers.
const tag = args.existing ? `BX${Date.now().toString(36).toUpperCase()}` : "BX";
const devices = makeBenchDevices(BATCH, tag);
await seedIngestDevices(db, devices, tag);
const refs = new Map(
  (await createDeviceDirectoryRepository(db).findBySerials(devices.map((d) => d.serial))).map((r) => [
    r.serialNumber,
    r,
  ]),
);
const sources = devices.map((device, i) => createMessageSource(device, i));
const events = createDeviceEvents({ databaseUrl, channel: `${schema}_events`, log: { warn: () => {} } });

let round = 0;
/** One message from every device, parsed as the gateway does; devices are out of step, so a batch has the benchmark's mix. */
const makeBatch = (): IngestItem[] => {
  round++;
  const now = Date.now();
  return devices.map((device, i) => {
    const { topic, payload } = (sources[i] as (typeof sources)[number])(round + (i % 100), now);
    const parsed = parseDeviceTopic(topic);
    if (!parsed) throw new Error(`bad topic ${topic}`);
    const message = DEVICE_MESSAGE_SCHEMAS[parsed.topic].parse(JSON.parse(payload));
    return {
      deviceId: device.serial,
      topic: parsed.topic,
      message,
      receivedAt: new Date(now),
      bytes: payload.length,
      device: refs.get(device.serial),
    } as IngestItem;
  });
};

// As the writer keeps it: rounds follow each other in every device's seq, an unbroken run.
const memory = createIngestMemory();
const serverDb = args.prepared ? openDb({ databaseUrl, schema }) : db;
// As a writer lane writes: --prepared on a pipelined connection of the server's own access; the
// plain connection (auto_explain's session) runs the same statements queued.
const lanes = new Map([serverDb, db].map((through) => [through, openPipelinedConnection(through)]));
const write = (batch: IngestItem[], through = serverDb) =>
  writeIngestTransaction(lanes.get(through) as PipelinedConnection, batch, memory, (tx, batchEvents) =>
    events.inTransaction(tx, batchEvents),
  );

// The first batches meet a cold process and connection (a restart of the portal with a fleet
// reporting): BENCH_EXPLAIN_TIMES prints their times too.
const warmUp: number[] = [];
for (let i = 0; i < 3; i++) {
  const batch = makeBatch();
  const t0 = performance.now();
  await write(batch);
  warmUp.push(performance.now() - t0);
}
const times: number[] = [];
// CPU of the writer (this process, less making the batches) and of PostgreSQL's processes (when
// it runs on this machine): steadier than the batches' wall times, which commits' flushes sway.
let writerCpu = 0;
const postgresBefore = cpuSnapshot().byName.postgres ?? 0;
timing = true;
for (let i = 0; i < ROUNDS; i++) {
  const batch = makeBatch();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await write(batch);
  times.push(performance.now() - t0);
  const cpu = process.cpuUsage(cpu0);
  writerCpu += (cpu.user + cpu.system) / 1000;
}
timing = false;
const postgresCpu = (((cpuSnapshot().byName.postgres ?? 0) - postgresBefore) * 1000) / TICKS;
if (process.env.BENCH_EXPLAIN_TIMES)
  console.log(
    `warm-up ${warmUp.map((t) => t.toFixed(0)).join(" ")}; timed ${times.map((t) => t.toFixed(0)).join(" ")}`,
  );
times.sort((a, b) => a - b);
console.log(
  `${ROUNDS} batches of ${BATCH}: median ${times[Math.floor(times.length / 2)]?.toFixed(1)} ms, ` +
    `best ${times[0]?.toFixed(1)} ms (${((BATCH / (times[Math.floor(times.length / 2)] ?? 1)) * 1000).toFixed(0)} msg/s for one writer)`,
);
console.log(
  `CPU per batch: the writer ${(writerCpu / ROUNDS).toFixed(1)} ms, PostgreSQL ${(postgresCpu / ROUNDS).toFixed(1)} ms` +
    `${args.prepared ? " (named prepared statements, as the server sends them)" : ""}`,
);
if (!args.prepared) console.log("Per statement, as the client waits for it (mean per batch):");
for (const [query, total] of [...clientTimes].sort((a, b) => b[1] - a[1]).slice(0, 12))
  console.log(`${(total / ROUNDS).toFixed(2).padStart(9)} ms  ${query}`);

await sql`LOAD 'auto_explain'`.execute(db);
for (const setting of [
  "auto_explain.log_min_duration = 0",
  "auto_explain.log_analyze = on",
  "auto_explain.log_triggers = on",
  "auto_explain.log_buffers = on",
  "auto_explain.log_nested_statements = on",
  "auto_explain.log_level = notice",
]) {
  await sql.raw(`SET ${setting}`).execute(db);
}
const batch = makeBatch();
const kinds: Record<string, number> = {};
for (const item of batch) kinds[item.topic] = (kinds[item.topic] ?? 0) + 1;
notices.length = 0;
const t0 = performance.now();
await write(batch, db);
const wall = performance.now() - t0;
await sql.raw("SET auto_explain.log_min_duration = -1").execute(db);

const plans = notices
  .map((text) => {
    const duration = Number(/duration: ([\d.]+) ms/.exec(text)?.[1] ?? 0);
    const query = (/Query Text: ([\s\S]*?)\n(?=\S)/.exec(text)?.[1] ?? "").replace(/\s+/g, " ").trim();
    const triggers = [...text.matchAll(/Trigger (\S+): time=([\d.]+) calls=(\d+)/g)].map(
      (m) => `${m[1]} ${Number(m[2]).toFixed(1)} ms × ${m[3]}`,
    );
    return { duration, query, triggers, text };
  })
  .sort((a, b) => b.duration - a.duration);
console.log(`\nOne batch of ${BATCH} (${JSON.stringify(kinds)}) under auto_explain: ${wall.toFixed(1)} ms wall`);
for (const plan of plans.slice(0, 25)) {
  console.log(`${plan.duration.toFixed(2).padStart(9)} ms  ${plan.query.slice(0, 150)}`);
  for (const trigger of plan.triggers) console.log(`              trigger ${trigger}`);
}
if (process.env.BENCH_EXPLAIN_FULL) for (const plan of plans.slice(0, 8)) console.log(`\n${plan.text}`);

await db.destroy();
for (const lane of lanes.values()) await lane.close();
if (serverDb !== db) await serverDb.destroy();
if (!args.existing) {
  const cleanup = new pg.Client({ connectionString: databaseUrl });
  await cleanup.connect();
  await cleanup.query(`DROP SCHEMA IF EXISTS ${cleanup.escapeIdentifier(schema)} CASCADE`);
  await cleanup.end();
}
