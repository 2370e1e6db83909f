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
 * A unit's telemetry averaged per bucket. One system over a time range is one range of the
 * (device, system, time) index in each month's partition, and partitions outside the range are
 * not read; the unit's values are the elements at its address's position in each snapshot.
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
        SELECT ${bucket(q)} AS t, ARRAY[avg(room_temp_c[n]), avg(set_temp_c[n]), avg(eev_pulses[n]), avg(pipe_liquid_temp_c[n]),
               avg(pipe_gas_temp_c[n]), avg(power_on[n]::int)]::float8[] AS v
        ${ofUnit(q, "indoor_address")}`.execute(db);
      return rows;
    },

    async outdoor(q: HistoryQuery) {
      const { rows } = await sql<{ t: Date; v: number[] }>`
        SELECT ${bucket(q)} AS t, ARRAY[avg(compressor_hz[n]), avg(high_pressure_mpa[n]), avg(low_pressure_mpa[n]),
               avg(discharge_temp_c[n]), avg(suction_temp_c[n]), avg(outdoor_air_temp_c[n]), avg(current_a[n])]::float8[] AS v
        ${ofUnit(q, "outdoor_address")}`.execute(db);
      return rows;
    },
  };
};

export type UnitHistoryRepository = ReturnType<typeof createUnitHistoryRepository>;
