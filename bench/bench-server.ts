// The measured server, in a process of its own so the load generator does not share its event loop.
// It migrates, seeds the demo data and the scale data set, then listens on two ports: the portal
// (production options, rate limits lifted) and a bare Fastify with the baselines. It tells the
// parent where it listens over IPC.
import Fastify from "fastify";
import { sql } from "kysely";
import pg from "pg";
import { buildApp } from "../apps/server/src/app.ts";
import { migrateToLatest } from "../apps/server/src/db/migrate.ts";
import { openDb } from "../apps/server/src/db/open.ts";
import { seedDemoData } from "../apps/server/src/db/seed/demo-data.ts";
import { seedReferenceData } from "../apps/server/src/db/seed/reference-data.ts";
import { DEFAULT_SCALE, scaleCounts, seedScaleData } from "./scale-data.ts";
import { seedTaskData } from "./scale-tasks.ts";

const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
const schema = databaseUrl ? (process.env.BENCH_SCHEMA ?? "bench") : undefined;
const scale = {
  ...DEFAULT_SCALE,
  ...(process.env.BENCH_DEVICES ? { devices: Number(process.env.BENCH_DEVICES) } : {}),
  ...(process.env.BENCH_FAULTS ? { faults: Number(process.env.BENCH_FAULTS) } : {}),
  ...(process.env.BENCH_PROJECTS ? { projects: Number(process.env.BENCH_PROJECTS) } : {}),
};

// BENCH_REUSE=1 keeps a PostgreSQL data set an earlier run seeded (the same size), to measure again
// in seconds rather than minutes; otherwise the schema is rebuilt so each run measures the same data.
let reuse = false;
if (databaseUrl && schema) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const seeded = await client.query("SELECT to_regclass($1) IS NOT NULL AS ok", [`${schema}.scope_counts`]);
  reuse = Boolean(process.env.BENCH_REUSE) && seeded.rows[0]?.ok === true;
  if (!reuse) {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.query(`CREATE SCHEMA ${schema}`);
  }
  await client.end();
}

const started = Date.now();
// Seeding a million rows takes longer than any page may: its own connection, without the bound.
const seeding = openDb({ databaseUrl, schema, statementTimeoutMs: 0 });
await migrateToLatest(seeding, { schema });
let counts: Awaited<ReturnType<typeof scaleCounts>>;
if (reuse) {
  counts = await scaleCounts(seeding);
} else {
  await seedReferenceData(seeding);
  await seedDemoData(seeding, { passwordCost: 10, now: new Date() });
  counts = await seedScaleData(seeding, scale);
  await seedTaskData(seeding);
}
const seedSeconds = (Date.now() - started) / 1000;
// PostgreSQL: the portal's own pools, with their statement bound. PGlite in memory is one database
// per instance, so the seeded one serves (it has no statement bound to lift).
let db = seeding;
if (databaseUrl) {
  await seeding.destroy();
  db = openDb({ databaseUrl, schema });
}
if (process.env.BENCH_SEED_ONLY) {
  // Leaves the data set in place for reading query plans (`EXPLAIN (ANALYZE, BUFFERS)` in psql).
  console.log(`seeded schema ${schema} in ${seedSeconds.toFixed(0)} s`, counts);
  await db.destroy();
  process.exit(0);
}

const app = await buildApp({
  db,
  passwordCost: 10,
  mailer: { from: "bench@vrf.local", deliver: async () => undefined },
  logLevel: process.env.BENCH_LOG_LEVEL ?? "warn",
  // SESSION_CACHE_MS as the portal reads it, to compare with the lookup on every call (0).
  ...(process.env.SESSION_CACHE_MS ? { sessionCacheMs: Number(process.env.SESSION_CACHE_MS) } : {}),
  limits: {
    global: { max: 1e9, timeWindow: "1 minute" },
    strict: { max: 1e9, timeWindow: "1 minute" },
  },
});
await app.listen({ host: "127.0.0.1", port: 0 });

// The baselines: what Fastify alone answers with a 200-object array, and one database round trip.
const rows = Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Row ${i}`, status: "online", count: i * 3 }));
const bare = Fastify({ logger: false });
bare.get("/baseline", async () => rows);
bare.get("/select1", async () => (await sql<{ one: number }>`select 1 as one`.execute(db)).rows[0]);
await bare.listen({ host: "127.0.0.1", port: 0 });

const portOf = (server: typeof bare) => {
  const address = server.server.address();
  return typeof address === "object" && address ? address.port : 0;
};
process.send?.({ ready: true, port: portOf(app as never), barePort: portOf(bare), counts, seedSeconds });

process.on("message", async (message: { stop?: boolean }) => {
  if (!message.stop) return;
  await bare.close();
  await app.close();
  await db.destroy();
  process.exit(0);
});
