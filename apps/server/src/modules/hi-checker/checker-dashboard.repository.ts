import { sql } from "kysely";
import { arrayLiteral } from "../../db/array-literal.ts";
import type { Db } from "../../db/open.ts";
import type { DeviceScope } from "../devices/devices.repository.ts";

/** The checkers of a scope: an organisation list, and for an engineer the checkers bound to them. */
const checkersOf = ({ organisationIds, boundAccountId }: DeviceScope) =>
  boundAccountId === undefined
    ? sql`d.organisation_id = ANY(${arrayLiteral(organisationIds)}::bigint[])`
    : sql`(d.organisation_id = ANY(${arrayLiteral(organisationIds)}::bigint[])
           OR d.id IN (SELECT b.device_id FROM device_bound_users b WHERE b.account_id = ${boundAccountId}))`;

/**
 * The dashboard's figures, each one statement over the scope's checkers (the (organisation, kind)
 * index of devices) or their tasks (the (device, created) index of checker_tasks).
 */
export const createCheckerDashboardRepository = (db: Db) => ({
  async checkers(scope: DeviceScope) {
    const { rows } = await sql<{
      total: string;
      offline: string;
      in_task: string;
      used_mb: string | null;
      capacity_mb: string | null;
    }>`
      SELECT count(*) AS total,
             count(*) FILTER (WHERE d.status = 'offline') AS offline,
             count(*) FILTER (WHERE d.status IN ('grabbing', 'collecting')) AS in_task,
             sum(d.used_capacity_mb) AS used_mb,
             sum(d.storage_capacity_mb) AS capacity_mb
      FROM devices d
      WHERE d.kind = 'checker' AND ${checkersOf(scope)}`.execute(db);
    return rows[0];
  },

  async endedTasks(scope: DeviceScope) {
    const { rows } = await sql<{ n: string }>`
      SELECT count(*) AS n FROM checker_tasks t JOIN devices d ON d.id = t.device_id
      WHERE t.ended_at IS NOT NULL AND ${checkersOf(scope)}`.execute(db);
    return Number(rows[0]?.n ?? 0);
  },

  /** Tasks created since `since`, per local day of the viewer, by kind, with what they gathered. */
  async tasksPerDay(scope: DeviceScope, since: Date, utcOffsetMinutes: number) {
    const { rows } = await sql<{ day: string; capture: string; collection: string; bytes: string }>`
      SELECT to_char(t.created_at AT TIME ZONE 'UTC' + ${`${utcOffsetMinutes} minutes`}::interval, 'YYYY-MM-DD') AS day,
             count(*) FILTER (WHERE t.kind = 'capture') AS capture,
             count(*) FILTER (WHERE t.kind = 'collection') AS collection,
             sum(CASE WHEN t.kind = 'capture' THEN t.frame_bytes
                      ELSE greatest(0, coalesce(t.stored_bytes_at_end, d.stored_bytes) - coalesce(t.stored_bytes_at_start, d.stored_bytes)) END) AS bytes
      FROM checker_tasks t JOIN devices d ON d.id = t.device_id
      WHERE t.created_at >= ${since} AND ${checkersOf(scope)}
      GROUP BY 1`.execute(db);
    return rows;
  },
});

export type CheckerDashboardRepository = ReturnType<typeof createCheckerDashboardRepository>;
