import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "../src/db/migrate.ts";
import { type Db, openDb } from "../src/db/open.ts";
import { withSchemaLock } from "./helpers/test-app.ts";

// Migration 0020 turns the per-unit telemetry rows kept so far into one snapshot per report.
const databaseUrl = process.env.TEST_DATABASE_URL || undefined;
const schema = databaseUrl ? `t_${randomBytes(6).toString("hex")}` : undefined;
let db: Db;

beforeAll(async () => {
  if (databaseUrl && schema) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`CREATE SCHEMA ${schema}`);
    await client.end();
  }
  db = openDb({ databaseUrl, schema });
  await withSchemaLock(databaseUrl, "shared", () => migrateToLatest(db, { schema, until: "0019_data_changes" }));
});

afterAll(async () => {
  await db.destroy();
  if (databaseUrl && schema)
    await withSchemaLock(databaseUrl, "exclusive", async (client) => {
      await client?.query(`DROP SCHEMA ${schema} CASCADE`);
    });
});

const outdoor = (device: number, address: number, ts: string, hz: number) => sql`
  INSERT INTO telemetry_outdoor VALUES (${device}, 0, ${address}, ${ts}::timestamptz, 2, ${hz}, 2.8, 0.9, 78, 9, 31, 640, 480, 120, 14.2, 1200)`;
const indoor = (device: number, address: number, ts: string, room: number, mode = "cooling") => sql`
  INSERT INTO telemetry_indoor VALUES (${device}, 0, ${address}, ${ts}::timestamptz, 2, true, ${mode}, 'mid', 2, 26, ${room}, 320, 8.5, 12)`;

describe("migration 0020: telemetry snapshots", () => {
  it("gathers each report's unit rows into one snapshot, units in address order, and drops the old tables", async () => {
    const now = new Date();
    const t1 = new Date(now.getTime() - 60_000).toISOString();
    const t2 = now.toISOString();
    // Device 1 reported twice (the units written out of address order); device 2 only indoor units once.
    for (const statement of [
      indoor(1, 3, t1, 24.5, "heating"),
      indoor(1, 0, t1, 23),
      outdoor(1, 0, t1, 60),
      outdoor(1, 0, t2, 61),
      indoor(1, 0, t2, 23.5),
      indoor(2, 1, t2, 21),
    ])
      await statement.execute(db);

    await withSchemaLock(databaseUrl, "shared", () => migrateToLatest(db, { schema }));

    const rows = await db
      .selectFrom("telemetry_snapshots")
      .select(["device_id", "ts", "outdoor_address", "compressor_hz", "indoor_address", "room_temp_c", "mode"])
      .orderBy("device_id")
      .orderBy("ts")
      .execute();
    expect(rows.map((r) => ({ ...r, device_id: Number(r.device_id), ts: new Date(r.ts).toISOString() }))).toEqual([
      {
        device_id: 1,
        ts: t1,
        outdoor_address: [0],
        compressor_hz: [60],
        indoor_address: [0, 3],
        room_temp_c: [23, 24.5],
        mode: ["cooling", "heating"],
      },
      {
        device_id: 1,
        ts: t2,
        outdoor_address: [0],
        compressor_hz: [61],
        indoor_address: [0],
        room_temp_c: [23.5],
        mode: ["cooling"],
      },
      {
        device_id: 2,
        ts: t2,
        outdoor_address: [],
        compressor_hz: null,
        indoor_address: [1],
        room_temp_c: [21],
        mode: ["cooling"],
      },
    ]);
    const old = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pg_class WHERE relname IN ('telemetry_outdoor', 'telemetry_indoor') AND pg_table_is_visible(oid)`.execute(
      db,
    );
    expect(old.rows[0]?.n).toBe(0);
    // This month's partition of the new table was made, and takes new rows.
    const month = now.toISOString().slice(0, 7).replace("-", "");
    const made = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM ${sql.table(`telemetry_snapshots_${month}`)}`.execute(db);
    expect(made.rows[0]?.n).toBeGreaterThanOrEqual(2);
  });
});
