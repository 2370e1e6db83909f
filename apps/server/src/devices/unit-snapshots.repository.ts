import type { TTelemetryMessage } from "@vrf/contract/device/messages.ts";
import { STATUS_WORDS, type TIndoorSnapshot, type TOutdoorSnapshot } from "@vrf/contract/device/units.ts";
import { type Kysely, type RawBuilder, sql } from "kysely";
import { type ArrayElement, arrayLiteral, arrayLiteralOf, nestedArrayLiteralOf } from "../db/array-literal.ts";
import type { Database } from "../db/schema.ts";
import { type IngestItem, messageTime } from "./ingest-item.ts";

type Telemetry = Extract<IngestItem, { topic: "telemetry" }>;

/** One value of a unit snapshot, as the batch carries it. */
interface Column<U> {
  /** Its name in the batch, and in the snapshot table unless `history` says otherwise. */
  name: string;
  type: "smallint" | "integer" | "real" | "boolean" | "text" | "jsonb";
  value: (u: U) => ArrayElement;
  /** Its column in the snapshot table (an array in unit order); null: not kept there (capabilities are not a reading). */
  history?: string | null;
  /** The unit table's column, where the unit's row keeps it. */
  unit?: string;
  /**
   * A status or a setting: a report that changes it rewrites the unit's row. `sent`: compared,
   * and stored, only when the report carries it (capabilities come now and then).
   */
  state?: "equal" | "nullable" | "sent";
}

interface Side<U> {
  /** The prefix of its addresses and status words in the snapshot table. */
  name: "outdoor" | "indoor";
  units: "outdoor_units" | "indoor_units";
  snapshots: (message: TTelemetryMessage) => U[];
  columns: Column<U>[];
}

const statusWord = <U extends { status: keyof typeof STATUS_WORDS }>(side: Side<U>["name"]): Column<U> => ({
  name: "status_word",
  type: "smallint",
  value: (u) => STATUS_WORDS[u.status],
  history: `${side}_status_word`,
  unit: "status_word",
  state: "nullable",
});
/** A reading the unit's row keeps too, under the same name. */
const reading = <U>(name: string, value: (u: U) => number): Column<U> => ({ name, type: "real", value, unit: name });

const OUTDOOR: Side<TOutdoorSnapshot> = {
  name: "outdoor",
  units: "outdoor_units",
  snapshots: (message) => message.outdoor,
  columns: [
    statusWord("outdoor"),
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

const INDOOR: Side<TIndoorSnapshot> = {
  name: "indoor",
  units: "indoor_units",
  snapshots: (message) => message.indoor,
  columns: [
    statusWord("indoor"),
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
      history: null,
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

/** A column of the snapshot table: one array per report, in unit order. */
interface SnapshotColumn {
  /** Its name in the snapshot table (and in the batch's `m`). */
  column: string;
  /** Its name in a side's unit rows. */
  name: string;
  type: string;
  /** The batch's column: a `text[]` literal holding each report's array literal. */
  literal: (items: Telemetry[]) => string;
}

/** A side's address and kept values as snapshot columns; capabilities (not kept) travel apart. */
const snapshotColumns = <U extends { address: number }>(side: Side<U>): SnapshotColumn[] => {
  const of = (f: (u: U) => ArrayElement) => (items: Telemetry[]) =>
    nestedArrayLiteralOf(items, (item) => side.snapshots(item.message), f);
  return [
    { column: `${side.name}_address`, name: "address", type: "smallint", literal: of((u) => u.address) },
    ...side.columns
      .filter((c) => c.history !== null)
      .map((c) => ({ column: c.history ?? c.name, name: c.name, type: c.type, literal: of(c.value) })),
  ];
};

const SNAPSHOT_COLUMNS = { outdoor: snapshotColumns(OUTDOOR), indoor: snapshotColumns(INDOOR) };

/** One side's units of the batch, a row each, from the reports' arrays (`m`). */
const unitRows = (side: "outdoor" | "indoor") => {
  const columns = SNAPSHOT_COLUMNS[side];
  const rows = sql`m CROSS JOIN LATERAL unnest(${refs(
    "m",
    columns.map((c) => c.column),
  )}) AS x(${ids(columns.map((c) => c.name))})`;
  return side === "outdoor"
    ? sql`SELECT m.m, m.device_id, m.system_number, m.ts, m.seq, x.* FROM ${rows}`
    : sql`SELECT m.m, m.device_id, m.system_number, m.ts, m.seq, x.*, s.supports
          FROM ${rows} LEFT JOIN supports s ON s.m = m.m AND s.address = x.address`;
};

/**
 * A unit's row, where its status or a setting changed: each unit's newest snapshot of the batch
 * (by seq), unless the row already says the same.
 */
const upsertUnits = <U>(side: Side<U>, devices: string) => {
  const kept = side.columns.filter((c): c is Column<U> & { unit: string } => c.unit !== undefined);
  return sql`
    INSERT INTO ${sql.table(side.units)} AS u (organisation_id, device_id, system_number, address, status,
      ${ids(kept.map((c) => c.unit))}, reported_at, updated_at)
    -- The organisation as it stands in this transaction: a unit belongs to its device's.
    SELECT d.organisation_id, v.device_id, v.system_number, v.address, ${unitStatus},
      ${refs(
        "v",
        kept.map((c) => c.name),
      )}, v.ts, now()
    FROM (SELECT DISTINCT ON (device_id, system_number, address) * FROM ${sql.id(`${side.name}_v`)}
          ORDER BY device_id, system_number, address, seq DESC) v
    JOIN devices d ON d.id = v.device_id
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
    WHERE u.reported_at IS NULL OR u.reported_at <= excluded.reported_at`;
};

/**
 * A batch's telemetry: one snapshot row per report (its system's outdoor and indoor units, each
 * value an array in unit order; migration 0020), then a unit's row where its status or a setting
 * changed. One statement: each report's arrays are sent once (an array literal per report and
 * column) and feed both the snapshot rows, as they are, and the unit upserts, unnested into a row
 * per unit. Gathering flat unit rows into arrays in SQL instead (`array_agg(… ORDER BY …)`) cost
 * more than the rows it saved: a sort per report and column. Its text is the same for every
 * batch, so it is planned once per connection.
 *
 * A unit's readings (temperatures, pressures, frequencies) change with every report, its status
 * and settings only when the thermostat cycles or someone changes them. Rewriting every unit on
 * every report was most of a batch's cost (a row lock and a new row version each); lists read the
 * readings from the unit's newest snapshot instead (devices.repository's withNewestReadings), and
 * the unit row keeps what lists filter, sort and count on. The readings stored with it are those
 * of its last change, shown only until its first snapshot exists (imported and demo units).
 *
 * "Unchanged" is judged against the row as this statement sees it: were two instances to write
 * the same unit at once with its status flipping back, the row keeps the older status until that
 * unit's next report, a few seconds later.
 */
export const writeTelemetry = async (tx: Kysely<Database>, items: Telemetry[]): Promise<void> => {
  if (items.length === 0) return;
  const columns = [...SNAPSHOT_COLUMNS.outdoor, ...SNAPSHOT_COLUMNS.indoor];
  const devices = arrayLiteral([...new Set(items.map((i) => i.device.id))]);
  // Capabilities come in a unit's first report and when they change: sent only for those units.
  const supports: { m: number; address: number; supports: string }[] = [];
  items.forEach((item, i) => {
    for (const u of item.message.indoor)
      if (u.supports) supports.push({ m: i + 1, address: u.address, supports: JSON.stringify(u.supports) });
  });
  await sql`
    WITH m AS (
      SELECT m.device_id, m.system_number, m.ts, m.seq, m.m,
        ${list(columns.map((c) => sql`${sql.ref(`m.${c.column}`)}::${sql.raw(c.type)}[] AS ${sql.id(c.column)}`))}
      FROM unnest(${list([
        sql`${arrayLiteralOf(items, (i) => i.device.id)}::bigint[]`,
        sql`${arrayLiteralOf(items, (i) => i.message.system)}::smallint[]`,
        sql`${arrayLiteralOf(items, (i) => messageTime(i).toISOString())}::timestamptz[]`,
        sql`${arrayLiteralOf(items, (i) => i.message.seq)}::bigint[]`,
        ...columns.map((c) => sql`${c.literal(items)}::text[]`),
      ])}) WITH ORDINALITY AS m(device_id, system_number, ts, seq, ${ids(columns.map((c) => c.column))}, m)
    ), snapshots AS (
      INSERT INTO telemetry_snapshots (device_id, system_number, ts, ${ids(columns.map((c) => c.column))})
      SELECT device_id, system_number, ts, ${ids(columns.map((c) => c.column))} FROM m
    ), supports AS (
      SELECT * FROM unnest(${arrayLiteralOf(supports, (s) => s.m)}::integer[], ${arrayLiteralOf(supports, (s) => s.address)}::smallint[],
        ${arrayLiteralOf(supports, (s) => s.supports)}::jsonb[]) AS s(m, address, supports)
    ), outdoor_v AS (${unitRows("outdoor")}
    ), indoor_v AS (${unitRows("indoor")}
    ), outdoor_units_written AS (${upsertUnits(OUTDOOR, devices)})
    ${upsertUnits(INDOOR, devices)}`.execute(tx);
};
