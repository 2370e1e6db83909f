import { INDOOR_HISTORY_FIELDS, OUTDOOR_HISTORY_FIELDS } from "@vrf/contract/devices/unit-history.ts";
import { type RawBuilder, sql } from "kysely";
import type { Db } from "../../db/open.ts";
import {
  type IndoorReading,
  indoorColumn,
  type OutdoorReading,
  outdoorColumn,
  settingColumn,
} from "../../devices/snapshot-layout.ts";

export interface HistoryQuery {
  deviceId: number;
  systemNumber: number;
  address: number;
  from: Date;
  to: Date;
  bucketSeconds: number;
}

/** Each field of a history point (the contract's order) as its element of the unit's row `n` of a snapshot. */
const indoor = (name: IndoorReading) => sql`indoor_readings[n][${sql.lit(indoorColumn(name))}]`;
const outdoor = (name: OutdoorReading) => sql`outdoor_readings[n][${sql.lit(outdoorColumn(name))}]`;
const INDOOR_VALUES: Record<(typeof INDOOR_HISTORY_FIELDS)[number], RawBuilder<unknown>> = {
  roomTempC: indoor("room_temp_c"),
  setTempC: indoor("set_temp_c"),
  eevPulses: indoor("eev_pulses"),
  pipeLiquidTempC: indoor("pipe_liquid_temp_c"),
  pipeGasTempC: indoor("pipe_gas_temp_c"),
  // The share of the bucket switched on: power is 1 or 0.
  powerOn: sql`indoor_settings[n][${sql.lit(settingColumn("power_on"))}]`,
};
const OUTDOOR_VALUES: Record<(typeof OUTDOOR_HISTORY_FIELDS)[number], RawBuilder<unknown>> = {
  compressorHz: outdoor("compressor_hz"),
  highPressureMpa: outdoor("high_pressure_mpa"),
  lowPressureMpa: outdoor("low_pressure_mpa"),
  dischargeTempC: outdoor("discharge_temp_c"),
  suctionTempC: outdoor("suction_temp_c"),
  outdoorAirTempC: outdoor("outdoor_air_temp_c"),
  currentA: outdoor("current_a"),
};

/**
 * A unit's telemetry averaged per bucket. One system over a time range is one range of the
 * (device, system, time) index in each month's partition, and partitions outside the range are
 * not read; the unit's values are the row of its side's readings matrix at its address's position.
 */
export const createUnitHistoryRepository = (db: Db) => {
  const bucket = (q: HistoryQuery) =>
    sql`date_bin(${`${q.bucketSeconds} seconds`}::interval, ts, ${q.from}::timestamptz)`;
  const ofUnit = (q: HistoryQuery, addresses: "outdoor_address" | "indoor_address") => sql`
    FROM telemetry_snapshots t CROSS JOIN LATERAL array_position(${sql.ref(`t.${addresses}`)}, ${q.address}::smallint) AS n
    WHERE device_id = ${q.deviceId} AND system_number = ${q.systemNumber} AND n IS NOT NULL
      AND ts >= ${q.from} AND ts < ${q.to}
    GROUP BY 1 ORDER BY 1`;
  return {
    deviceInScope: (organisationIds: number[], id: number) =>
      db
        .selectFrom("devices")
        .where("id", "=", id)
        .where("organisation_id", "in", organisationIds)
        .select("id")
        .executeTakeFirst(),

    async indoor(q: HistoryQuery) {
      const { rows } = await sql<{ t: Date; v: number[] }>`
        SELECT ${bucket(q)} AS t, ARRAY[${sql.join(INDOOR_HISTORY_FIELDS.map((field) => sql`avg(${INDOOR_VALUES[field]})`))}]::float8[] AS v
        ${ofUnit(q, "indoor_address")}`.execute(db);
      return rows;
    },

    async outdoor(q: HistoryQuery) {
      const { rows } = await sql<{ t: Date; v: number[] }>`
        SELECT ${bucket(q)} AS t, ARRAY[${sql.join(OUTDOOR_HISTORY_FIELDS.map((field) => sql`avg(${OUTDOOR_VALUES[field]})`))}]::float8[] AS v
        ${ofUnit(q, "outdoor_address")}`.execute(db);
      return rows;
    },
  };
};

export type UnitHistoryRepository = ReturnType<typeof createUnitHistoryRepository>;
