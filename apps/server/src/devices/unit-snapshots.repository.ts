import type { TTelemetryMessage } from "@vrf/contract/device/messages.ts";
import { STATUS_WORDS, type TIndoorSnapshot, type TOutdoorSnapshot } from "@vrf/contract/device/units.ts";
import { CompiledQuery, type Kysely, type RawBuilder, sql } from "kysely";
import { arrayLiteral, arrayLiteralOf } from "../db/array-literal.ts";
import { type BinaryElement, binaryArray, binaryArrayOf, binaryMatrixOf } from "../db/binary-array.ts";
import type { Database } from "../db/schema.ts";
import { type IngestItem, messageTime } from "./ingest-item.ts";
import {
  fanSpeedCode,
  INDOOR_READINGS,
  INDOOR_SETTINGS,
  type IndoorSetting,
  modeCode,
  OUTDOOR_READINGS,
} from "./snapshot-layout.ts";

type Telemetry = Extract<IngestItem, { topic: "telemetry" }>;
export type UnitValue = number | string | boolean | null;

/** One value of a unit snapshot, as the batch carries it. */
interface Column<U> {
  /** Its name in the batch (snapshot-layout.ts names where the snapshot row keeps it). */
  name: string;
  type: "smallint" | "integer" | "real" | "boolean" | "text" | "jsonb";
  value: (u: U) => UnitValue;
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

/**
 * Not a state the row is rewritten for: a thermostat cycles (TH ON, TH OFF) every few minutes on
 * its own, and lists read the word from the unit's newest snapshot, as they read its readings. What
 * lists filter and count on, alarm or not (the row's `status`), is compared (`isAlarm`).
 */
const statusWord = <U extends { status: keyof typeof STATUS_WORDS }>(): Column<U> => ({
  name: "status_word",
  type: "smallint",
  value: (u) => STATUS_WORDS[u.status],
  unit: "status_word",
});
/** A reading the unit's row keeps too, under the same name. */
const reading = <U>(name: string, value: (u: U) => number): Column<U> => ({ name, type: "real", value, unit: name });

const OUTDOOR: Side<TOutdoorSnapshot> = {
  name: "outdoor",
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

const INDOOR: Side<TIndoorSnapshot> = {
  name: "indoor",
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
      unit: "supports",
      state: "sent",
    },
  ],
};

const ALARM = STATUS_WORDS.ALARM;
const unitStatus = sql`CASE WHEN v.status_word = ${sql.lit(ALARM)} THEN 'alarm' ELSE 'normal' END`;
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
 * A unit value of the batch that may have changed: one flat array over those units (side by
 * side, report after report), sent in binary and unnested into a row per unit for the unit upserts.
 */
interface FlatColumn {
  /** Its name in the batch's `u`. */
  column: string;
  /** Its name in a side's unit rows. */
  name: string;
  type: Exclude<Column<unknown>["type"], "jsonb">;
  encode: (units: unknown[]) => Buffer;
}

/** A side's address and kept values; capabilities (not kept) travel apart. */
const flatColumns = <U extends { address: number }>(side: Side<U>): FlatColumn[] => {
  const column = (name: string, column: string, type: FlatColumn["type"], value: (u: U) => UnitValue): FlatColumn => ({
    column,
    name,
    type,
    encode: (units) => binaryArrayOf(units as U[], type, value),
  });
  return [
    column("address", `${side.name}_address`, "smallint", (u) => u.address),
    ...side.columns
      .filter((c): c is Column<U> & { type: FlatColumn["type"] } => c.type !== "jsonb")
      .map((c) => column(c.name, `${side.name}_${c.name}`, c.type, c.value)),
  ];
};

/**
 * A column of the snapshot row (snapshot-layout.ts): the batch sends it once over all its units
 * (`f`), a flat array or a matrix with a row per unit, and each report's row takes its range of
 * rows (`f.x[from:to]`, a copy of the range: every value here is fixed-width).
 */
interface SnapshotColumn {
  side: "outdoor" | "indoor";
  column: string;
  type: "smallint" | "integer" | "real";
  encode: (units: unknown[]) => Buffer;
}

const unitValue = <U>(side: Side<U>, name: string) => {
  const column = side.columns.find((c) => c.name === name);
  if (!column) throw new Error(`no ${side.name} value ${name}`);
  return column.value as (u: U) => BinaryElement;
};
/** A flat array of one value per unit, or a matrix of several (a row per unit). */
const snapshotColumn = <U>(
  side: Side<U>["name"],
  column: string,
  type: SnapshotColumn["type"],
  value: ((u: U) => BinaryElement) | ((u: U) => BinaryElement)[],
): SnapshotColumn => ({
  side,
  column,
  type,
  encode: (units) =>
    Array.isArray(value) ? binaryMatrixOf(units as U[], type, value) : binaryArrayOf(units as U[], type, value),
});

const FLAT = { outdoor: flatColumns(OUTDOOR), indoor: flatColumns(INDOOR) };
const SIDES = { outdoor: OUTDOOR, indoor: INDOOR } as const;

/** An indoor unit's settings as the small integers `indoor_settings` keeps. */
const SETTING_CODES: Record<IndoorSetting, (u: TIndoorSnapshot) => number> = {
  power_on: (u) => (u.powerOn ? 1 : 0),
  mode: (u) => modeCode(u.mode),
  fan_speed: (u) => fanSpeedCode(u.fanSpeed),
  louver: (u) => u.louver,
};

/** A side's addresses, status words and readings matrix (snapshot-layout.ts's reading order). */
const sideSnapshot = <U extends { address: number }>(side: Side<U>, readings: readonly string[]): SnapshotColumn[] => [
  snapshotColumn<U>(side.name, `${side.name}_address`, "smallint", (u) => u.address),
  snapshotColumn(side.name, `${side.name}_status_word`, "smallint", unitValue(side, "status_word")),
  snapshotColumn(
    side.name,
    `${side.name}_readings`,
    "real",
    readings.map((name) => unitValue(side, name)),
  ),
];

const SNAPSHOT: SnapshotColumn[] = [
  ...sideSnapshot(OUTDOOR, OUTDOOR_READINGS),
  snapshotColumn("outdoor", "outdoor_running_hours", "integer", unitValue(OUTDOOR, "running_hours")),
  ...sideSnapshot(INDOOR, INDOOR_READINGS),
  snapshotColumn(
    "indoor",
    "indoor_settings",
    "smallint",
    INDOOR_SETTINGS.map((setting) => SETTING_CODES[setting]),
  ),
];

/** One side's units that may have changed, a row each, from their flat arrays (`u`) and reports (`r`). */
const unitRows = (side: "outdoor" | "indoor") => {
  const columns = FLAT[side];
  const rows = sql`u CROSS JOIN LATERAL unnest(${refs("u", [`${side}_m`, ...columns.map((c) => c.column)])})
    AS x(m, ${ids(columns.map((c) => c.name))}) JOIN r ON r.m = x.m`;
  const values = sql`x.m, r.device_id, r.system_number, r.ts, r.seq, ${refs(
    "x",
    columns.map((c) => c.name),
  )}`;
  return side === "outdoor"
    ? sql`SELECT ${values} FROM ${rows}`
    : sql`SELECT ${values}, s.supports FROM ${rows} LEFT JOIN supports s ON s.m = x.m AND s.address = x.address`;
};

/** A report's array of one column: its range of the batch's rows. */
const snapshotValue = ({ side, column }: SnapshotColumn) =>
  sql`${sql.ref(`f.${column}`)}[${sql.ref(`r.${side}_from`)}:${sql.ref(`r.${side}_to`)}]`;

/**
 * A unit's row, where its status or a setting changed: each unit's newest snapshot of the batch
 * (by seq), unless the row already says the same.
 */
const upsertUnits = <U>(side: Side<U>, devices: RawBuilder<unknown>) => {
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
      -- The compared units' devices named once more, so the units read are theirs (an index range per
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
 * A batch's telemetry: one snapshot row per report (its system's outdoor and indoor units: the
 * addresses and status words in unit order, each side's readings a matrix with a row per unit;
 * migrations 0020 and 0021, snapshot-layout.ts), then a unit's row where its status or a setting
 * changed. One statement: each snapshot column of the batch's units is sent once, as one binary
 * array or matrix over all of them (`f`), and each snapshot row takes its report's range of rows
 * (`r`'s from and to); the units that may have changed are sent once more as flat arrays (`u`),
 * which the unit upserts unnest into a row per unit. Binary, because writing a batch's forty thousand
 * numbers as text was a seventh of the gateway's busy time, and PostgreSQL parsed them twice (a
 * literal per report and column inside a text array). Gathering flat unit rows into
 * arrays in SQL instead (`array_agg(… ORDER BY …)`) cost more than the rows it saved: a sort per
 * report and column. Its text is the same for every batch, so it is planned once per connection.
 *
 * A unit's readings (temperatures, pressures, frequencies) change with every report, its status
 * word whenever the thermostat cycles, its alarm state and settings only when a fault comes or
 * someone changes them. Rewriting every unit on every report was most of a batch's cost (a row
 * lock and a new row version each), and rewriting it at every thermostat cycle a quarter of what
 * PostgreSQL spent on a batch of the benchmark's reports; lists read the status word and readings
 * from the unit's newest snapshot instead (devices.repository's withNewestReadings), and the unit
 * row keeps what lists filter, sort and count on. The word and readings stored with it are those
 * of its last change, shown only until its first snapshot exists (imported and demo units).
 *
 * Units `mayHaveChanged` rules out (the writer's memory of what it wrote, unit-state-memory.ts)
 * go to the snapshots only: the statement compares just the others with their rows (`u`).
 *
 * "Unchanged" is judged against the row as this statement sees it: were two instances to write
 * the same unit at once with its status flipping back, the row keeps the older status until that
 * unit's next report, a few seconds later.
 */
/** The values of a unit's alarm state and settings, what the unit-row check compares (capabilities aside). */
const isAlarm = (u: { status: keyof typeof STATUS_WORDS }): UnitValue => u.status === "ALARM";
const comparedValues = <U extends { status: keyof typeof STATUS_WORDS }>(side: Side<U>) => [
  isAlarm,
  ...side.columns.filter((c) => c.state !== undefined && c.state !== "sent").map((c) => c.value),
];
const COMPARED = { outdoor: comparedValues(OUTDOOR), indoor: comparedValues(INDOOR) } as {
  outdoor: ((u: TOutdoorSnapshot | TIndoorSnapshot) => UnitValue)[];
  indoor: ((u: TOutdoorSnapshot | TIndoorSnapshot) => UnitValue)[];
};

/**
 * Whether `unit` reports another status or setting than `kept` holds; `kept` takes the unit's
 * values either way (compared and copied in place: a string of them per unit and report was
 * garbage at every report). A report that carries capabilities is checked whatever this says.
 */
export const takeUnitState = (
  side: "outdoor" | "indoor",
  unit: TOutdoorSnapshot | TIndoorSnapshot,
  kept: UnitValue[],
): boolean => {
  const values = COMPARED[side];
  let changed = kept.length !== values.length;
  for (let i = 0; i < values.length; i++) {
    const value = (values[i] as (u: TOutdoorSnapshot | TIndoorSnapshot) => UnitValue)(unit);
    if (kept[i] !== value) {
      kept[i] = value;
      changed = true;
    }
  }
  return changed;
};

/** Whether a unit of a report is to be checked against its row; false only when it is known unchanged. */
export type UnitCheck = (
  item: Telemetry,
  side: "outdoor" | "indoor",
  unit: TOutdoorSnapshot | TIndoorSnapshot,
) => boolean;

/**
 * The statement's parameters, by name, in the order of their numbers: the text is built and
 * compiled once, and a batch only supplies the values (building and compiling it took as long as
 * encoding the batch's values).
 */
const slots = () => {
  const names: string[] = [];
  const slot = (name: string) => {
    let at = names.indexOf(name);
    if (at < 0) at = names.push(name) - 1;
    return sql.raw(`$${at + 1}`);
  };
  return { names, slot };
};

const SIDE_NAMES = ["outdoor", "indoor"] as const;

const telemetryStatement = () => {
  const { names, slot } = slots();
  const cast = (name: string, type: string) => sql`${slot(name)}::${sql.raw(type)}[]`;
  const checked = (side: "outdoor" | "indoor") => [
    sql`${cast(`u.${side}_m`, "integer")} AS ${sql.id(`${side}_m`)}`,
    ...FLAT[side].map((c) => sql`${cast(`u.${c.column}`, c.type)} AS ${sql.id(c.column)}`),
  ];
  const devices = slot("devices");
  const statement = sql`
    WITH r AS (
      SELECT * FROM unnest(${list([
        cast("device_id", "bigint"),
        cast("system_number", "smallint"),
        cast("ts", "timestamptz"),
        cast("seq", "bigint"),
        ...SIDE_NAMES.flatMap((side) => [cast(`${side}_from`, "integer"), cast(`${side}_to`, "integer")]),
      ])}) WITH ORDINALITY AS r(device_id, system_number, ts, seq, outdoor_from, outdoor_to, indoor_from, indoor_to, m)
    ), f AS (
      SELECT ${list(SNAPSHOT.map((c) => sql`${cast(`f.${c.column}`, c.type)} AS ${sql.id(c.column)}`))}
    ), u AS (
      SELECT ${list([...checked("outdoor"), ...checked("indoor")])}
    ), snapshots AS (
      INSERT INTO telemetry_snapshots (device_id, system_number, ts, ${ids(SNAPSHOT.map((c) => c.column))})
      SELECT r.device_id, r.system_number, r.ts, ${list(SNAPSHOT.map(snapshotValue))}
      FROM r CROSS JOIN f
    ), supports AS (
      SELECT * FROM unnest(${cast("supports.m", "integer")}, ${cast("supports.address", "smallint")},
        ${cast("supports.supports", "jsonb")}) AS s(m, address, supports)
    ), outdoor_v AS (${unitRows("outdoor")}
    ), indoor_v AS (${unitRows("indoor")}
    ), outdoor_units_written AS (${upsertUnits(OUTDOOR, devices)})
    ${upsertUnits(INDOOR, devices)}`;
  return { statement, names };
};
let compiledTelemetry: { text: string; names: string[] } | null = null;

export const writeTelemetry = async (
  tx: Kysely<Database>,
  items: Telemetry[],
  mayHaveChanged: UnitCheck = () => true,
): Promise<void> => {
  if (items.length === 0) return;
  // Each side's units of the batch in report order: all of them for the snapshots, and those that
  // may have changed for the unit rows, each with its report's number (1-based, as `r.m`).
  const units = { outdoor: [] as unknown[], indoor: [] as unknown[] };
  const bounds = { outdoor: [] as [number, number][], indoor: [] as [number, number][] };
  const checked = { outdoor: [] as unknown[], indoor: [] as unknown[] };
  const checkedReport = { outdoor: [] as number[], indoor: [] as number[] };
  // Capabilities come in a unit's first report and when they change: sent only for those units.
  const supports: { m: number; address: number; supports: string }[] = [];
  items.forEach((item, i) => {
    for (const side of SIDE_NAMES) {
      const of = SIDES[side].snapshots(item.message) as (TOutdoorSnapshot | TIndoorSnapshot)[];
      bounds[side].push([units[side].length + 1, units[side].length + of.length]);
      for (const u of of) {
        units[side].push(u);
        if (!mayHaveChanged(item, side, u)) continue;
        checked[side].push(u);
        checkedReport[side].push(i + 1);
      }
    }
    for (const u of item.message.indoor)
      if (u.supports) supports.push({ m: i + 1, address: u.address, supports: JSON.stringify(u.supports) });
  });
  // The devices whose units are compared: their rows are read by one index range each.
  const compared = new Set([...checkedReport.outdoor, ...checkedReport.indoor].map((m) => items[m - 1]?.device.id));
  const devices = arrayLiteral([...compared]);
  const values: Record<string, unknown> = {
    device_id: binaryArrayOf(items, "bigint", (i) => i.device.id),
    system_number: binaryArrayOf(items, "smallint", (i) => i.message.system),
    ts: binaryArrayOf(items, "timestamptz", messageTime),
    seq: binaryArrayOf(items, "bigint", (i) => i.message.seq),
    "supports.m": arrayLiteralOf(supports, (s) => s.m),
    "supports.address": arrayLiteralOf(supports, (s) => s.address),
    "supports.supports": arrayLiteralOf(supports, (s) => s.supports),
    devices,
  };
  for (const side of SIDE_NAMES) {
    values[`${side}_from`] = binaryArrayOf(bounds[side], "integer", (b) => b[0]);
    values[`${side}_to`] = binaryArrayOf(bounds[side], "integer", (b) => b[1]);
    values[`u.${side}_m`] = binaryArray("integer", checkedReport[side]);
    for (const c of FLAT[side]) values[`u.${c.column}`] = c.encode(checked[side]);
  }
  for (const c of SNAPSHOT) values[`f.${c.column}`] = c.encode(units[c.side]);
  if (!compiledTelemetry) {
    const { statement, names } = telemetryStatement();
    const compiled = statement.compile(tx);
    // Every value goes through a slot: one Kysely numbered itself would collide with them.
    if (compiled.parameters.length > 0) throw new Error("the telemetry statement has a value outside its slots");
    compiledTelemetry = { text: compiled.sql, names };
  }
  const { text, names } = compiledTelemetry;
  await tx.executeQuery(
    CompiledQuery.raw(
      text,
      names.map((name) => {
        if (!(name in values)) throw new Error(`no value for the telemetry statement's ${name}`);
        return values[name];
      }),
    ),
  );
};
