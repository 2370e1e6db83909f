import { type Kysely, sql } from "kysely";

/**
 * The device link (DESIGN section 10): per-device MQTT credentials, duplicate suppression by
 * (device, seq), the units' latest reported values, telemetry history in monthly partitions,
 * device commands, and what a device stores (a temporary checker is bounded by its capacity).
 */
const TELEMETRY_TABLES = ["telemetry_outdoor", "telemetry_indoor"] as const;

const statements = [
  // Only a hash of the secret is kept; it is shown once when issued or rotated. The username is
  // the device's serial number, the MQTT client id too.
  `CREATE TABLE device_credentials (
    device_id bigint PRIMARY KEY REFERENCES devices(id) ON DELETE CASCADE,
    secret_hash text NOT NULL,
    issued_at timestamptz NOT NULL DEFAULT now(),
    issued_by bigint REFERENCES accounts(id)
  )`,

  // QoS 1 delivers at least once: a message already seen (same device and seq) is dropped. Rows
  // older than a day are pruned; redelivery happens within a session, long before that.
  `CREATE TABLE device_message_ids (
    device_id bigint NOT NULL,
    seq bigint NOT NULL,
    received_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (device_id, seq)
  )`,
  `CREATE INDEX device_message_ids_received_idx ON device_message_ids (received_at)`,

  `ALTER TABLE devices
     ADD COLUMN link_progress smallint,
     ADD COLUMN link_progress_at timestamptz,
     ADD COLUMN current_task_id uuid,
     ADD COLUMN stored_bytes bigint NOT NULL DEFAULT 0,
     ADD COLUMN capacity_full boolean NOT NULL DEFAULT false`,

  // The latest values a unit reported; history goes to the telemetry tables.
  `ALTER TABLE outdoor_units
     ADD COLUMN status_word smallint,
     ADD COLUMN compressor_hz real,
     ADD COLUMN high_pressure_mpa real,
     ADD COLUMN low_pressure_mpa real,
     ADD COLUMN discharge_temp_c real,
     ADD COLUMN suction_temp_c real,
     ADD COLUMN outdoor_air_temp_c real,
     ADD COLUMN fan_rpm real,
     ADD COLUMN eev_main_pulses real,
     ADD COLUMN eev_sub_pulses real,
     ADD COLUMN current_a real,
     ADD COLUMN reported_at timestamptz`,
  `ALTER TABLE indoor_units
     ADD COLUMN status_word smallint,
     ADD COLUMN fan_speed text,
     ADD COLUMN louver smallint,
     ADD COLUMN eev_pulses real,
     ADD COLUMN pipe_liquid_temp_c real,
     ADD COLUMN pipe_gas_temp_c real,
     ADD COLUMN supports jsonb,
     ADD COLUMN reported_at timestamptz`,

  `CREATE TABLE telemetry_outdoor (
    device_id bigint NOT NULL,
    system_number smallint NOT NULL,
    address smallint NOT NULL,
    ts timestamptz NOT NULL,
    status_word smallint NOT NULL,
    compressor_hz real NOT NULL,
    high_pressure_mpa real NOT NULL,
    low_pressure_mpa real NOT NULL,
    discharge_temp_c real NOT NULL,
    suction_temp_c real NOT NULL,
    outdoor_air_temp_c real NOT NULL,
    fan_rpm real NOT NULL,
    eev_main_pulses real NOT NULL,
    eev_sub_pulses real NOT NULL,
    current_a real NOT NULL,
    running_hours integer NOT NULL
  ) PARTITION BY RANGE (ts)`,
  `CREATE TABLE telemetry_indoor (
    device_id bigint NOT NULL,
    system_number smallint NOT NULL,
    address smallint NOT NULL,
    ts timestamptz NOT NULL,
    status_word smallint NOT NULL,
    power_on boolean NOT NULL,
    mode text NOT NULL,
    fan_speed text NOT NULL,
    louver smallint NOT NULL,
    set_temp_c real NOT NULL,
    room_temp_c real NOT NULL,
    eev_pulses real NOT NULL,
    pipe_liquid_temp_c real NOT NULL,
    pipe_gas_temp_c real NOT NULL
  ) PARTITION BY RANGE (ts)`,
  // A unit's history chart reads one unit over a time range.
  ...TELEMETRY_TABLES.map((t) => `CREATE INDEX ${t}_unit_idx ON ${t} (device_id, system_number, address, ts)`),
  // Rows whose time falls outside every month made so far land here instead of failing the batch.
  ...TELEMETRY_TABLES.map((t) => `CREATE TABLE ${t}_default PARTITION OF ${t} DEFAULT`),
  // One partition per calendar month (UTC), made ahead of time; retention drops whole months.
  `CREATE FUNCTION ensure_telemetry_partitions(first_month date, months integer) RETURNS void
   LANGUAGE plpgsql AS $$
   DECLARE
     m date;
     t text;
   BEGIN
     FOR i IN 0 .. months - 1 LOOP
       m := (date_trunc('month', first_month) + make_interval(months => i))::date;
       FOREACH t IN ARRAY ARRAY['telemetry_outdoor', 'telemetry_indoor'] LOOP
         IF to_regclass(format('%I_%s', t, to_char(m, 'YYYYMM'))) IS NULL THEN
           EXECUTE format(
             'CREATE TABLE %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L)',
             format('%s_%s', t, to_char(m, 'YYYYMM')), t,
             (m::timestamp AT TIME ZONE 'UTC'), ((m + interval '1 month')::timestamp AT TIME ZONE 'UTC'));
         END IF;
       END LOOP;
     END LOOP;
   END $$`,
  `SELECT ensure_telemetry_partitions((now() AT TIME ZONE 'UTC')::date - 31, 4)`,

  `CREATE TABLE device_commands (
    id uuid PRIMARY KEY,
    organisation_id bigint NOT NULL REFERENCES organisations(id),
    device_id bigint NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
    issued_by bigint REFERENCES accounts(id),
    issued_by_customer text NOT NULL DEFAULT '',
    type text NOT NULL CHECK (type IN ('control', 'taskStart', 'taskStop', 'ota')),
    system_number smallint,
    indoor_addresses smallint[],
    params jsonb NOT NULL,
    status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'confirmed', 'failed', 'timed_out')),
    reason text,
    issued_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL,
    sent_at timestamptz,
    finished_at timestamptz
  )`,
  `CREATE INDEX device_commands_device_idx ON device_commands (device_id, issued_at DESC)`,
  // The timeout sweep reads only commands still waiting.
  `CREATE INDEX device_commands_waiting_idx ON device_commands (expires_at) WHERE status IN ('pending', 'sent')`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
