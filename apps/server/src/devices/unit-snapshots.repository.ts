import type { TTelemetryMessage } from "@vrf/contract/device/messages.ts";
import { STATUS_WORDS, type TIndoorSnapshot, type TOutdoorSnapshot } from "@vrf/contract/device/units.ts";
import { type Kysely, type RawBuilder, sql } from "kysely";
import { type ArrayElement, arrayLiteral, arrayLiteralOf } from "../db/array-literal.ts";
import type { Database } from "../db/schema.ts";
import { type IngestItem, messageTime } from "./ingest-item.ts";

type Telemetry = Extract<IngestItem, { topic: "telemetry" }>;

/** One value of a unit snapshot, as the batch carries it. */
interface Column<U> {
  /** Its name in the batch and in the history table. */
  name: string;
  type: "smallint" | "integer" | "real" | "boolean" | "text" | "jsonb";
  value: (u: U) => ArrayElement;
  /** Not kept in the history table (capabilities are not a reading). */
  noHistory?: true;
  /** The unit table's column, where the unit's row keeps it. */
  unit?: string;
  /**
   * A status or a setting: a report that changes it rewrites the unit's row. `sent`: compared,
   * and stored, only when the report carries it (capabilities come now and then).
   */
  state?: "equal" | "nullable" | "sent";
}

interface Side<U> {
  telemetry: "telemetry_outdoor" | "telemetry_indoor";
  units: "outdoor_units" | "indoor_units";
  snapshots: (message: TTelemetryMessage) => U[];
  columns: Column<U>[];
}

const statusWord = <U extends { status: keyof typeof STATUS_WORDS }>(): Column<U> => ({
  name: "status_word",
  type: "smallint",
  value: (u) => STATUS_WORDS[u.status],
  unit: "status_word",
  state: "nullable",
});
/** A reading the unit's row keeps too, under the same name. */
const reading = <U>(name: string, value: (u: U) => number): Column<U> => ({ name, type: "real", value, unit: name });

export const OUTDOOR: Side<TOutdoorSnapshot> = {
  telemetry: "telemetry_outdoor",
  units: "outdoor_units",
  snapshots: (message) => message.outdoor,
  columns: [
    statusWord(),
    reading("compressor_hz", (u) => u.compressorHz),
    reading("high_pressure_mpa", (u) => u.highPressureMpa),
    reading("low_pressure_mpa", (u) => u.lowPressureMpa),
    reading("discharge_temp_c", (u) => u.dischargeTempC),
    reading("suction_temp_c", (u) => u.suctionTempC),
    reading("outdoor_air_temp_c", (u) => u.outdoorAirTempC),
    reading("fan_rpm", (u) => u.fanRpm),
    reading("eev_main_pulses", (u) => u.eevPulses[0]),
    reading("eev_sub_pulses", (u) => u.eevPulses[1]),
    reading("current_a", (u) => u.currentA),
    { name: "running_hours", type: "integer", value: (u) => u.runningHours, unit: "running_hours", state: "equal" },
  ],
};

export const INDOOR: Side<TIndoorSnapshot> = {
  telemetry: "telemetry_indoor",
  units: "indoor_units",
  snapshots: (message) => message.indoor,
  columns: [
    statusWord(),
    { name: "power_on", type: "boolean", value: (u) => u.powerOn, unit: "power_on", state: "equal" },
    { name: "mode", type: "text", value: (u) => u.mode, unit: "mode", state: "equal" },
    { name: "fan_speed", type: "text", value: (u) => u.fanSpeed, unit: "fan_speed", state: "nullable" },
    { name: "louver", type: "smallint", value: (u) => u.louver, unit: "louver", state: "nullable" },
    { name: "set_temp_c", type: "real", value: (u) => u.setTempC, unit: "set_temperature", state: "nullable" },
    { name: "room_temp_c", type: "real", value: (u) => u.roomTempC, unit: "room_temperature" },
    reading("eev_pulses", (u) => u.eevPulses),
    reading("pipe_liquid_temp_c", (u) => u.pipeTempsC[0]),
    reading("pipe_gas_temp_c", (u) => u.pipeTempsC[1]),
    {
      name: "supports",
      type: "jsonb",
      value: (u) => (u.supports ? JSON.stringify(u.supports) : null),
      noHistory: true,
      unit: "supports",
      state: "sent",
    },
  ],
};

const ALARM = STATUS_WORDS.ALARM;
const unitStatus = sql`CASE WHEN v.status_word = ${ALARM} THEN 'alarm' ELSE 'normal' END`;
const list = (parts: RawBuilder<unknown>[]) => sql.join(parts);
const refs = (prefix: string, names: string[]) => list(names.map((name) => sql.ref(`${prefix}.${name}`)));
const ids = (names: string[]) => list(names.map((name) => sql.id(name)));

const sameState = <U>(c: Column<U>) => {
  const stored = sql.ref(`x.${c.unit}`);
  const reported = sql.ref(`v.${c.name}`);
  if (c.state === "equal") return sql`${stored} = ${reported}`;
  if (c.state === "nullable") return sql`${stored} IS NOT DISTINCT FROM ${reported}`;
  return sql`(${reported} IS NULL OR ${stored} = ${reported})`;
};

/**
 * History rows for every unit snapshot of one side (outdoor or indoor units) of a batch; then a
 * unit's row, where its status or a setting changed. One statement: the snapshots are sent once
 * and feed both the history insert and the unit upsert (each unit's newest snapshot of the batch,
 * by seq). Its text is the same for every batch, so it is planned once per connection.
 *
 * A unit's readings (temperatures, pressures, frequencies) change with every report, its status
 * and settings only when the thermostat cycles or someone changes them. Rewriting every unit on
 * every report was most of a batch's cost (a row lock and a new row version each); lists read the
 * readings from the unit's newest telemetry row instead (devices.repository's withNewestReadings),
 * and the unit row keeps what lists filter, sort and count on. The readings stored with it are
 * those of its last change, shown only until its first telemetry row exists (imported and demo
 * units).
 *
 * "Unchanged" is judged against the row as this statement sees it: were two instances to write
 * the same unit at once with its status flipping back, the row keeps the older status until that
 * unit's next report, a few seconds later.
 */
export const writeSnapshots = async <U extends { address: number }>(
  tx: Kysely<Database>,
  side: Side<U>,
  items: Telemetry[],
): Promise<void> => {
  const rows = items.flatMap((i) => side.snapshots(i.message).map((u) => ({ i, u })));
  if (rows.length === 0) return;
  const at = new Map(items.map((i) => [i, messageTime(i).toISOString()]));
  const column = (f: (row: (typeof rows)[number]) => ArrayElement, type: string) =>
    sql`${arrayLiteralOf(rows, f)}::${sql.raw(type)}[]`;
  const names = ["device_id", "system_number", "address", "ts", "seq", ...side.columns.map((c) => c.name)];
  const batch = list([
    column((r) => r.i.device.id, "bigint"),
    column((r) => r.i.message.system, "smallint"),
    column((r) => r.u.address, "smallint"),
    column((r) => at.get(r.i), "timestamptz"),
    column((r) => r.i.message.seq, "bigint"),
    ...side.columns.map((c) => column((r) => c.value(r.u), c.type)),
  ]);
  const history = [
    "device_id",
    "system_number",
    "address",
    "ts",
    ...side.columns.filter((c) => !c.noHistory).map((c) => c.name),
  ];
  const kept = side.columns.filter((c): c is Column<U> & { unit: string } => c.unit !== undefined);
  const devices = arrayLiteral([...new Set(items.map((i) => i.device.id))]);
  await sql`
    WITH v AS (
      SELECT * FROM unnest(${batch}) AS v(${ids(names)})
    ), history AS (
      INSERT INTO ${sql.table(side.telemetry)} (${ids(history)}) SELECT ${ids(history)} FROM v
    ), newest AS (
      SELECT DISTINCT ON (device_id, system_number, address) * FROM v ORDER BY device_id, system_number, address, seq DESC
    )
    INSERT INTO ${sql.table(side.units)} AS u (organisation_id, device_id, system_number, address, status,
      ${ids(kept.map((c) => c.unit))}, reported_at, updated_at)
    -- The organisation as it stands in this transaction: a unit belongs to its device's.
    SELECT d.organisation_id, v.device_id, v.system_number, v.address, ${unitStatus},
      ${refs(
        "v",
        kept.map((c) => c.name),
      )}, v.ts, now()
    FROM newest v JOIN devices d ON d.id = v.device_id
    WHERE NOT EXISTS (
      -- The batch's devices named once more, so the units read are theirs (an index range per
      -- device), not the whole table.
      SELECT 1 FROM ${sql.table(side.units)} x WHERE x.device_id = ANY(${devices}::bigint[]) AND x.device_id = v.device_id
        AND x.system_number = v.system_number AND x.address = v.address AND x.status = ${unitStatus}
        AND ${sql.join(kept.filter((c) => c.state).map(sameState), sql` AND `)})
    ORDER BY 2, 3, 4
    ON CONFLICT (device_id, system_number, address) DO UPDATE SET status = excluded.status,
      ${list(
        kept.map((c) =>
          c.state === "sent"
            ? sql`${sql.id(c.unit)} = coalesce(${sql.ref(`excluded.${c.unit}`)}, ${sql.ref(`u.${c.unit}`)})`
            : sql`${sql.id(c.unit)} = ${sql.ref(`excluded.${c.unit}`)}`,
        ),
      )},
      reported_at = excluded.reported_at, updated_at = now()
    WHERE u.reported_at IS NULL OR u.reported_at <= excluded.reported_at`.execute(tx);
};
