import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "../src/db/migrate.ts";
import { type Db, openDb } from "../src/db/open.ts";
import { fanSpeedCode, modeCode } from "../src/devices/snapshot-layout.ts";
import { withSchemaLock } from "./helpers/test-app.ts";

// Migration 0020 turns the per-unit telemetry rows kept so far into one snapshot per report, and
// 0021 each side's reading arrays into one matrix.
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

    await withSchemaLock(databaseUrl, "shared", () =>
      migrateToLatest(db, { schema, until: "0020_telemetry_snapshots" }),
    );

    // The layout of 0020, which the schema no longer describes.
    const { rows } = await sql<Record<string, unknown> & { device_id: string; ts: Date }>`
      SELECT device_id, ts, outdoor_address, compressor_hz, indoor_address, room_temp_c, mode
      FROM telemetry_snapshots ORDER BY device_id, ts`.execute(db);
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

  it("0021 gathers each side's readings into a matrix, a row per unit, and the indoor settings as codes", async () => {
    await withSchemaLock(databaseUrl, "shared", () => migrateToLatest(db, { schema }));
    const rows = await db
      .selectFrom("telemetry_snapshots")
      .select(["device_id", "outdoor_address", "outdoor_readings", "outdoor_running_hours", "indoor_address"])
      .select(["indoor_readings", "indoor_settings"])
      .orderBy("device_id")
      .orderBy("ts")
      .execute();
    const outdoor = [2.8, 0.9, 78, 9, 31, 640, 480, 120, 14.2];
    expect(rows.map((r) => ({ ...r, device_id: Number(r.device_id) }))).toEqual([
      {
        device_id: 1,
        outdoor_address: [0],
        outdoor_readings: [[60, ...outdoor]],
        outdoor_running_hours: [1200],
        indoor_address: [0, 3],
        // room, set, EEV, liquid and gas pipe; power, mode, fan speed, louver.
        indoor_readings: [
          [23, 26, 320, 8.5, 12],
          [24.5, 26, 320, 8.5, 12],
        ],
        indoor_settings: [
          [1, modeCode("cooling"), fanSpeedCode("mid"), 2],
          [1, modeCode("heating"), fanSpeedCode("mid"), 2],
        ],
      },
      {
        device_id: 1,
        outdoor_address: [0],
        outdoor_readings: [[61, ...outdoor]],
        outdoor_running_hours: [1200],
        indoor_address: [0],
        indoor_readings: [[23.5, 26, 320, 8.5, 12]],
        indoor_settings: [[1, modeCode("cooling"), fanSpeedCode("mid"), 2]],
      },
      {
        device_id: 2,
        outdoor_address: [],
        outdoor_readings: [],
        outdoor_running_hours: null,
        indoor_address: [1],
        indoor_readings: [[21, 26, 320, 8.5, 12]],
        indoor_settings: [[1, modeCode("cooling"), fanSpeedCode("mid"), 2]],
      },
    ]);
    const old = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pg_class WHERE relname LIKE 'telemetry_snapshots_0020%' AND pg_table_is_visible(oid)`.execute(
      db,
    );
    expect(old.rows[0]?.n).toBe(0);
    const month = new Date().toISOString().slice(0, 7).replace("-", "");
    const moved = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM ${sql.table(`telemetry_snapshots_${month}`)}`.execute(db);
    expect(moved.rows[0]?.n).toBeGreaterThanOrEqual(2);
    // The month's index has its usual name: the old month's index stepped aside with it.
    const indexes = await sql<{ name: string }>`
      SELECT i.indexrelid::regclass::text AS name FROM pg_index i
      WHERE i.indrelid = ${`telemetry_snapshots_${month}`}::regclass`.execute(db);
    expect(indexes.rows.map((r) => r.name.replace(/^.*\./, ""))).toEqual([
      `telemetry_snapshots_${month}_device_id_system_number_ts_idx`,
    ]);
  });
});
