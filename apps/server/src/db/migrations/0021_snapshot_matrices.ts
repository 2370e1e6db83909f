import { type Kysely, sql } from "kysely";

/**
 * A snapshot's readings as one matrix per side ([unit][reading], units in the order of the
 * addresses beside them) instead of one array per reading, and an indoor unit's settings as small
 * integers in one more matrix (power, mode and fan speed as codes, louver).
 *
 * Each array carries a header of 20-28 bytes, and a row of 0020 held 24 of them: about 960 bytes a
 * report of one outdoor and six indoor units, 58% of the write-ahead log the device link wrote,
 * and as many slices of the batch's arrays to build per row. Here a row holds 8 arrays, and the
 * indoor modes and fan speeds (text, each element with its own length word) are two bytes each.
 * Readers take an element as `outdoor_readings[n][k]`, n the unit's position among the addresses
 * and k the reading's (devices/snapshot-layout.ts).
 *
 * The table is made anew with the same monthly partitions, and the rows of 0020 are moved into it.
 * The lists below are this migration's: the layout as it stands at 0021.
 */
const OUTDOOR_READINGS = [
  "compressor_hz",
  "high_pressure_mpa",
  "low_pressure_mpa",
  "discharge_temp_c",
  "suction_temp_c",
  "outdoor_air_temp_c",
  "fan_rpm",
  "eev_main_pulses",
  "eev_sub_pulses",
  "current_a",
];
const INDOOR_READINGS = ["room_temp_c", "set_temp_c", "eev_pulses", "pipe_liquid_temp_c", "pipe_gas_temp_c"];
const MODES = ["cooling", "heating", "fan", "dry", "auto", "autoDry", "annualDry", "comfort1", "comfort2"];
const FAN_SPEEDS = ["superHigh", "high", "mid", "midLow", "low", "silence", "auto"];

const textArray = (values: string[]) => `ARRAY[${values.map((v) => `'${v}'`).join(", ")}]`;
/** One matrix row per unit of the side (an empty array for a side without units). */
const matrix = (addresses: string, elements: string[], type: string) =>
  `ARRAY(SELECT ARRAY[${elements.join(", ")}]::${type}[] FROM generate_subscripts(${addresses}, 1) AS i ORDER BY i)`;

export async function up(db: Kysely<unknown>): Promise<void> {
  // The old table and its months step aside under other names, so the new months take theirs.
  await sql`ALTER TABLE telemetry_snapshots RENAME TO telemetry_snapshots_0020`.execute(db);
  await sql`ALTER INDEX telemetry_snapshots_system_idx RENAME TO telemetry_snapshots_0020_system_idx`.execute(db);
  const { rows: months } = await sql<{ name: string }>`
    SELECT c.relname AS name FROM pg_inherits i
    JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_class p ON p.oid = i.inhparent
    WHERE p.relname = 'telemetry_snapshots_0020' AND pg_table_is_visible(p.oid)`.execute(db);
  const aside = (name: string) => name.replace("telemetry_snapshots_", "telemetry_snapshots_0020_");
  for (const { name } of months) {
    // Its index too, so the new month's index takes the usual name instead of one with a number.
    const { rows: indexes } = await sql<{ name: string }>`
      SELECT i.indexrelid::regclass::text AS name FROM pg_index i WHERE i.indrelid = ${name}::regclass`.execute(db);
    for (const index of indexes)
      await sql`ALTER INDEX ${sql.id(index.name)} RENAME TO ${sql.id(aside(index.name))}`.execute(db);
    await sql`ALTER TABLE ${sql.id(name)} RENAME TO ${sql.id(aside(name))}`.execute(db);
  }

  await sql`CREATE TABLE telemetry_snapshots (
    device_id bigint NOT NULL,
    system_number smallint NOT NULL,
    ts timestamptz NOT NULL,
    outdoor_address smallint[] NOT NULL,
    outdoor_status_word smallint[],
    outdoor_readings real[],
    outdoor_running_hours integer[],
    indoor_address smallint[] NOT NULL,
    indoor_status_word smallint[],
    indoor_readings real[],
    indoor_settings smallint[]
  ) PARTITION BY RANGE (ts)`.execute(db);
  await sql`CREATE INDEX telemetry_snapshots_system_idx ON telemetry_snapshots (device_id, system_number, ts)`.execute(
    db,
  );
  for (const { name } of months) {
    const month = name.slice("telemetry_snapshots_".length);
    await sql`SELECT ensure_telemetry_partitions(to_date(${month}, 'YYYYMM'), 1)`.execute(db);
  }
  await sql`SELECT ensure_telemetry_partitions((now() AT TIME ZONE 'UTC')::date - 31, 4)`.execute(db);

  const o = (column: string) => `o.${column}[i]`;
  await sql
    .raw(`INSERT INTO telemetry_snapshots
    SELECT o.device_id, o.system_number, o.ts,
      o.outdoor_address, o.outdoor_status_word,
      ${matrix("o.outdoor_address", OUTDOOR_READINGS.map(o), "real")}, o.running_hours,
      o.indoor_address, o.indoor_status_word,
      ${matrix("o.indoor_address", INDOOR_READINGS.map(o), "real")},
      ${matrix(
        "o.indoor_address",
        [
          "o.power_on[i]::int",
          `array_position(${textArray(MODES)}, o.mode[i])`,
          `array_position(${textArray(FAN_SPEEDS)}, o.fan_speed[i])`,
          "o.louver[i]",
        ],
        "smallint",
      )}
    FROM telemetry_snapshots_0020 o`)
    .execute(db);
  await sql`DROP TABLE telemetry_snapshots_0020`.execute(db);
}
