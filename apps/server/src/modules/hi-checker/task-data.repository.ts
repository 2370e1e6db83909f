import { type RawBuilder, sql } from "kysely";
import type { Db } from "../../db/open.ts";
import { pageBound } from "../../db/page-bound.ts";
import { INDOOR_READINGS, INDOOR_SETTINGS, OUTDOOR_READINGS } from "../../devices/snapshot-layout.ts";

export interface FrameFilter {
  address?: number | undefined;
  command?: number | undefined;
  /** Lower-case hex of whole bytes. */
  pattern?: string | undefined;
}

export interface FrameRow {
  n: string;
  at: Date;
  source: number | null;
  destination: number | null;
  command: number | null;
  raw: Uint8Array;
}

export interface ReadingsQuery {
  deviceId: number;
  side: "outdoor" | "indoor";
  systemNumber: number;
  address: number;
  from: Date;
  to: Date;
}

export interface ReadingRow {
  ts: Date;
  word: number | null;
  values: (number | null)[] | null;
}

const hasFilter = (f: FrameFilter) => f.address !== undefined || f.command !== undefined || f.pattern !== undefined;

/** The frames of a task matching `f`: each condition has an index of its own (0025_checker_tasks) but the pattern. */
const frameWhere = (taskId: string, f: FrameFilter): RawBuilder<unknown> =>
  sql.join(
    [
      sql`task_id = ${taskId}`,
      ...(f.address !== undefined ? [sql`(source = ${f.address} OR destination = ${f.address})`] : []),
      ...(f.command !== undefined ? [sql`command = ${f.command}`] : []),
      ...(f.pattern !== undefined ? [sql`position(decode(${f.pattern}, 'hex') IN raw) > 0`] : []),
    ],
    sql` AND `,
  );

/** A side's values of the unit at row `n` of a snapshot, in the contract's field order. */
const sideValues = (side: "outdoor" | "indoor"): RawBuilder<unknown> =>
  side === "outdoor"
    ? sql`ARRAY[${sql.join(OUTDOOR_READINGS.map((_, i) => sql`outdoor_readings[n][${sql.lit(i + 1)}]`))}]::float8[]`
    : sql`ARRAY[${sql.join([
        ...INDOOR_READINGS.map((_, i) => sql`indoor_readings[n][${sql.lit(i + 1)}]`),
        ...INDOOR_SETTINGS.map((_, i) => sql`indoor_settings[n][${sql.lit(i + 1)}]`),
      ])}]::float8[]`;

/**
 * What tasks gathered.
 * - Frames are numbered densely within their task (1..frame_count, checker-task-writes.ts), so
 *   an unfiltered page is a range of the primary key however deep it is, and its total is the
 *   task's count. A filtered page finds its first frame by an index-only walk of the filter's
 *   index, then reads that page's rows only.
 * - A collection task's readings are the checker's snapshots of one system in the task's period:
 *   one range of the (device, system, time) index; the page's first time is found the same way.
 */
export const createTaskDataRepository = (db: Db) => ({
  async framesPage(taskId: string, frameCount: number, f: FrameFilter, limit: number, offset: number) {
    if (!hasFilter(f)) {
      const { rows } = await sql<FrameRow>`
        SELECT n, at, source, destination, command, raw FROM capture_frames
        WHERE task_id = ${taskId} AND n > ${offset} AND n <= ${offset + limit}
        ORDER BY n`.execute(db);
      return { rows, total: frameCount };
    }
    const where = frameWhere(taskId, f);
    const [page, total] = await Promise.all([
      sql<FrameRow>`
        SELECT n, at, source, destination, command, raw FROM capture_frames
        WHERE ${where} AND n >= (SELECT n FROM capture_frames WHERE ${where} ORDER BY n OFFSET ${pageBound(offset)} LIMIT 1)
        ORDER BY n LIMIT ${pageBound(limit)}`.execute(db),
      sql<{ n: string }>`SELECT count(*) AS n FROM capture_frames WHERE ${where}`.execute(db),
    ]);
    return { rows: page.rows, total: Number(total.rows[0]?.n ?? 0) };
  },

  /** Up to `max` + 1 frames matching `f`, in order: one more than `max` says the export is too large. */
  async frames(taskId: string, f: FrameFilter, max: number) {
    const { rows } = await sql<FrameRow>`
      SELECT n, at, source, destination, command, raw FROM capture_frames
      WHERE ${frameWhere(taskId, f)} ORDER BY n LIMIT ${pageBound(max + 1)}`.execute(db);
    return rows;
  },

  async readingsPage(q: ReadingsQuery, limit: number, offset: number) {
    const range = sql`device_id = ${q.deviceId} AND system_number = ${q.systemNumber} AND ts >= ${q.from} AND ts <= ${q.to}`;
    const [page, total] = await Promise.all([
      sql<ReadingRow>`
        SELECT ts, ${sql.ref(`${q.side}_status_word`)}[n] AS word, CASE WHEN n IS NULL THEN NULL ELSE ${sideValues(q.side)} END AS values
        FROM telemetry_snapshots CROSS JOIN LATERAL array_position(${sql.ref(`${q.side}_address`)}, ${q.address}::smallint) AS n
        WHERE ${range} AND ts >= (SELECT ts FROM telemetry_snapshots WHERE ${range} ORDER BY ts OFFSET ${pageBound(offset)} LIMIT 1)
        ORDER BY ts LIMIT ${pageBound(limit)}`.execute(db),
      sql<{ n: string }>`SELECT count(*) AS n FROM telemetry_snapshots WHERE ${range}`.execute(db),
    ]);
    return { rows: page.rows, total: Number(total.rows[0]?.n ?? 0) };
  },

  /** Up to `max` + 1 readings of the unit in the period, in time order. */
  async readings(q: ReadingsQuery, max: number) {
    const { rows } = await sql<ReadingRow>`
      SELECT ts, ${sql.ref(`${q.side}_status_word`)}[n] AS word, CASE WHEN n IS NULL THEN NULL ELSE ${sideValues(q.side)} END AS values
      FROM telemetry_snapshots CROSS JOIN LATERAL array_position(${sql.ref(`${q.side}_address`)}, ${q.address}::smallint) AS n
      WHERE device_id = ${q.deviceId} AND system_number = ${q.systemNumber} AND ts >= ${q.from} AND ts <= ${q.to}
      ORDER BY ts LIMIT ${pageBound(max + 1)}`.execute(db);
    return rows;
  },
});

export type TaskDataRepository = ReturnType<typeof createTaskDataRepository>;
