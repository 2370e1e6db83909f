import { type Kysely, sql } from "kysely";

/**
 * Telemetry as one row per system snapshot (a device's report of one system: its outdoor and
 * indoor units), with each reading as an array in unit order and the units' addresses beside
 * them, instead of one row per unit in `telemetry_outdoor` and `telemetry_indoor`.
 *
 * A report carries one outdoor unit and 4-8 indoor units on average; written per unit, a batch of
 * 500 reports was 3,300 rows and index entries, and inserting them was most of the time
 * PostgreSQL spent on a batch (6.5-10 ms of the rows alone against 1.1-1.5 ms for the same data
 * as 465 rows of arrays, measured on the benchmark's batches). Every reader asks for one system's
 * units over time (a unit's history chart, a unit's newest reading, a checker task's collected
 * data), which is one range of the (device, system, time) index either way; a unit's value is
 * the element at its address's position (`array_position`).
 *
 * Monthly partitions as before (migrations 0007 and 0018: ordered months, no default); rows of the
 * old tables are moved into snapshots by report time.
 */
const OUTDOOR_READINGS = [
  ["compressor_hz", "real"],
  ["high_pressure_mpa", "real"],
  ["low_pressure_mpa", "real"],
  ["discharge_temp_c", "real"],
  ["suction_temp_c", "real"],
  ["outdoor_air_temp_c", "real"],
  ["fan_rpm", "real"],
  ["eev_main_pulses", "real"],
  ["eev_sub_pulses", "real"],
  ["current_a", "real"],
  ["running_hours", "integer"],
] as const;

const INDOOR_READINGS = [
  ["power_on", "boolean"],
  ["mode", "text"],
  ["fan_speed", "text"],
  ["louver", "smallint"],
  ["set_temp_c", "real"],
  ["room_temp_c", "real"],
  ["eev_pulses", "real"],
  ["pipe_liquid_temp_c", "real"],
  ["pipe_gas_temp_c", "real"],
] as const;

const columns = (readings: readonly (readonly [string, string])[]) =>
  readings.map(([name, type]) => `${name} ${type}[]`).join(",\n    ");
const aggregates = (readings: readonly (readonly [string, string])[]) =>
  readings.map(([name]) => `array_agg(${name} ORDER BY address) AS ${name}`).join(", ");

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`CREATE TABLE telemetry_snapshots (
    device_id bigint NOT NULL,
    system_number smallint NOT NULL,
    ts timestamptz NOT NULL,
    outdoor_address smallint[] NOT NULL,
    outdoor_status_word smallint[],
    ${columns(OUTDOOR_READINGS)},
    indoor_address smallint[] NOT NULL,
    indoor_status_word smallint[],
    ${columns(INDOOR_READINGS)}
  ) PARTITION BY RANGE (ts)`)
    .execute(db);
  // A system over a time range: history charts, newest readings, a task's collected data.
  await sql`CREATE INDEX telemetry_snapshots_system_idx ON telemetry_snapshots (device_id, system_number, ts)`.execute(
    db,
  );
  await sql`CREATE OR REPLACE FUNCTION ensure_telemetry_partitions(first_month date, months integer) RETURNS void
   LANGUAGE plpgsql AS $$
   DECLARE
     m date;
   BEGIN
     FOR i IN 0 .. months - 1 LOOP
       m := (date_trunc('month', first_month) + make_interval(months => i))::date;
       IF to_regclass(format('telemetry_snapshots_%s', to_char(m, 'YYYYMM'))) IS NULL THEN
         EXECUTE format(
           'CREATE TABLE %I PARTITION OF telemetry_snapshots FOR VALUES FROM (%L) TO (%L)',
           format('telemetry_snapshots_%s', to_char(m, 'YYYYMM')),
           (m::timestamp AT TIME ZONE 'UTC'), ((m + interval '1 month')::timestamp AT TIME ZONE 'UTC'));
       END IF;
     END LOOP;
   END $$`.execute(db);

  // The months of the rows kept so far, and the months ahead the link makes at start.
  const { rows } = await sql<{ month: string }>`
    SELECT DISTINCT to_char(date_trunc('month', ts AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS month
    FROM (SELECT ts FROM telemetry_outdoor UNION SELECT ts FROM telemetry_indoor) t`.execute(db);
  for (const { month } of rows) await sql`SELECT ensure_telemetry_partitions(${month}::date, 1)`.execute(db);
  await sql`SELECT ensure_telemetry_partitions((now() AT TIME ZONE 'UTC')::date - 31, 4)`.execute(db);

  // One report's units share its time: the rows of one device, system and time are one snapshot.
  await sql
    .raw(`INSERT INTO telemetry_snapshots
    SELECT device_id, system_number, ts,
      coalesce(o.address, '{}'), o.status_word, ${OUTDOOR_READINGS.map(([name]) => `o.${name}`).join(", ")},
      coalesce(i.address, '{}'), i.status_word, ${INDOOR_READINGS.map(([name]) => `i.${name}`).join(", ")}
    FROM (SELECT device_id, system_number, ts, array_agg(address ORDER BY address) AS address,
            array_agg(status_word ORDER BY address) AS status_word, ${aggregates(OUTDOOR_READINGS)}
          FROM telemetry_outdoor GROUP BY 1, 2, 3) o
    FULL JOIN (SELECT device_id, system_number, ts, array_agg(address ORDER BY address) AS address,
            array_agg(status_word ORDER BY address) AS status_word, ${aggregates(INDOOR_READINGS)}
          FROM telemetry_indoor GROUP BY 1, 2, 3) i USING (device_id, system_number, ts)`)
    .execute(db);
  await sql`DROP TABLE telemetry_outdoor, telemetry_indoor`.execute(db);
}
