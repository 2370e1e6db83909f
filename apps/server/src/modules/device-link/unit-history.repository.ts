import { sql } from "kysely";
import type { Db } from "../../db/open.ts";

export interface HistoryQuery {
  deviceId: number;
  systemNumber: number;
  address: number;
  from: Date;
  to: Date;
  bucketSeconds: number;
}

/**
 * A unit's telemetry averaged per bucket. One unit over a time range is one range of the
 * (device, system, address, ts) index in each month's partition, and partitions outside the
 * range are not read.
 */
export const createUnitHistoryRepository = (db: Db) => {
  const bucket = (q: HistoryQuery) =>
    sql`date_bin(${`${q.bucketSeconds} seconds`}::interval, ts, ${q.from}::timestamptz)`;
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
        SELECT ${bucket(q)} AS t, ARRAY[avg(room_temp_c), avg(set_temp_c), avg(eev_pulses), avg(pipe_liquid_temp_c),
               avg(pipe_gas_temp_c), avg(power_on::int)]::float8[] AS v
        FROM telemetry_indoor
        WHERE device_id = ${q.deviceId} AND system_number = ${q.systemNumber} AND address = ${q.address}
          AND ts >= ${q.from} AND ts < ${q.to}
        GROUP BY 1 ORDER BY 1`.execute(db);
      return rows;
    },

    async outdoor(q: HistoryQuery) {
      const { rows } = await sql<{ t: Date; v: number[] }>`
        SELECT ${bucket(q)} AS t, ARRAY[avg(compressor_hz), avg(high_pressure_mpa), avg(low_pressure_mpa),
               avg(discharge_temp_c), avg(suction_temp_c), avg(outdoor_air_temp_c), avg(current_a)]::float8[] AS v
        FROM telemetry_outdoor
        WHERE device_id = ${q.deviceId} AND system_number = ${q.systemNumber} AND address = ${q.address}
          AND ts >= ${q.from} AND ts < ${q.to}
        GROUP BY 1 ORDER BY 1`.execute(db);
      return rows;
    },
  };
};

export type UnitHistoryRepository = ReturnType<typeof createUnitHistoryRepository>;
