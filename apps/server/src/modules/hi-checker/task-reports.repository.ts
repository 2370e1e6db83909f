import { sql } from "kysely";
import type { Db } from "../../db/open.ts";
import { pageBound } from "../../db/page-bound.ts";
import { INDOOR_READINGS, OUTDOOR_READINGS } from "../../devices/snapshot-layout.ts";

export interface ReportPeriod {
  from: Date;
  to: Date;
  /** Points a chart gets at most: the period is cut into this many equal buckets. */
  buckets: number;
}

/** One time bucket of a collection task's readings: averages over the bucket's reports. */
export interface ReadingBucketRow {
  bucket: number;
  high_pressure_mpa: number | null;
  low_pressure_mpa: number | null;
  discharge_temp_c: number | null;
  compressor_hz: number | null;
  room_temp_c: number | null;
  set_temp_c: number | null;
}

export interface FaultEventRow {
  code: string;
  name: string | null;
  checks: string | null;
  system_number: number | null;
  outdoor_address: number | null;
  indoor_address: number | null;
  occurred_at: Date;
  repaired_at: Date | null;
}

const outdoorColumn = (name: (typeof OUTDOOR_READINGS)[number]) => sql.lit(OUTDOOR_READINGS.indexOf(name) + 1);
const indoorColumn = (name: (typeof INDOOR_READINGS)[number]) => sql.lit(INDOOR_READINGS.indexOf(name) + 1);

/**
 * The bucket of `at` in the period, 0 … buckets - 1. In double precision: `extract` answers a
 * numeric, whose arithmetic over a million rows took half the time of the whole statement
 * (`date_part` answers a float8).
 */
const bucketOf = (column: string, p: ReportPeriod) => {
  const width = Math.max(1, (p.to.getTime() - p.from.getTime()) / 1000 / p.buckets);
  return sql<number>`least(${p.buckets - 1}, floor(date_part('epoch', ${sql.ref(column)} - ${p.from}::timestamptz) / ${width}::float8))::int`;
};

/**
 * Bucket rows in time order. They are grouped without an ORDER BY: the planner takes the bucket
 * for a column of a million distinct values and, asked for an order, sorts every row (on disk)
 * to group them, where hashing them into the few buckets there are needs no sort at all.
 */
const inBucketOrder = <T extends { bucket: number }>(rows: T[]): T[] => rows.sort((a, b) => a.bucket - b.bucket);

/**
 * What a data report reads, bounded however much the task gathered: its readings and frames are
 * counted and averaged in SQL into a fixed number of time buckets (a chart's points), the frames
 * per command into at most 256 rows, and the faults up to a limit; no row list of the period's
 * data ever reaches the server's memory.
 */
export const createTaskReportRepository = (db: Db) => ({
  /**
   * Inserts the report while its task has fewer than `max`; false (and nothing written) when it
   * has that many. The task row is locked, so two engineers at once cannot both pass the count.
   */
  insertBelowLimit: (
    row: {
      id: string;
      task_id: string;
      title: string;
      notes: string;
      language: "zh" | "en";
      created_by: number;
      created_at: Date;
    },
    max: number,
  ) =>
    db.transaction().execute(async (tx) => {
      await sql`SELECT 1 FROM checker_tasks WHERE id = ${row.task_id} FOR UPDATE`.execute(tx);
      const { n } = await tx
        .selectFrom("task_reports")
        .where("task_id", "=", row.task_id)
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .executeTakeFirstOrThrow();
      if (Number(n) >= max) return false;
      await tx.insertInto("task_reports").values(row).execute();
      return true;
    }),

  listOfTask: (taskId: string, max: number) =>
    db
      .selectFrom("task_reports as r")
      .leftJoin("accounts as a", "a.id", "r.created_by")
      .where("r.task_id", "=", taskId)
      .select(["r.id", "r.task_id", "r.title", "r.notes", "r.language", "r.created_at", "a.name as created_by_name"])
      .orderBy("r.created_at", "desc")
      .orderBy("r.id")
      .limit(pageBound(max))
      .execute(),

  find: (id: string) =>
    db
      .selectFrom("task_reports as r")
      .leftJoin("accounts as a", "a.id", "r.created_by")
      .where("r.id", "=", id)
      .select(["r.id", "r.task_id", "r.title", "r.notes", "r.language", "r.created_at", "a.name as created_by_name"])
      .executeTakeFirst(),

  /** The checker's project and system, which the task row does not carry. */
  checkerOf: (deviceId: number) =>
    db
      .selectFrom("devices as d")
      .leftJoin("projects as p", "p.id", "d.project_id")
      .where("d.id", "=", deviceId)
      .select([
        "d.serial_number",
        "d.device_code",
        "d.alias",
        "d.firmware",
        "d.system_number",
        "p.code as project_code",
        "p.name as project_name",
        "p.address as project_address",
      ])
      .executeTakeFirst(),

  /**
   * A collection task's key values per time bucket: the first outdoor unit's (the system's
   * master) pressures, discharge temperature and compressor frequency, and the indoor units'
   * mean room and set temperatures.
   */
  async readingBuckets(deviceId: number, p: ReportPeriod) {
    const { rows } = await sql<ReadingBucketRow>`
      SELECT ${bucketOf("ts", p)} AS bucket,
        avg(outdoor_readings[1][${outdoorColumn("high_pressure_mpa")}]) AS high_pressure_mpa,
        avg(outdoor_readings[1][${outdoorColumn("low_pressure_mpa")}]) AS low_pressure_mpa,
        avg(outdoor_readings[1][${outdoorColumn("discharge_temp_c")}]) AS discharge_temp_c,
        avg(outdoor_readings[1][${outdoorColumn("compressor_hz")}]) AS compressor_hz,
        avg((SELECT avg(v) FROM unnest(indoor_readings[:][${indoorColumn("room_temp_c")}:${indoorColumn("room_temp_c")}]) AS v)) AS room_temp_c,
        avg((SELECT avg(v) FROM unnest(indoor_readings[:][${indoorColumn("set_temp_c")}:${indoorColumn("set_temp_c")}]) AS v)) AS set_temp_c
      FROM telemetry_snapshots
      WHERE device_id = ${deviceId} AND ts >= ${p.from} AND ts <= ${p.to}
      GROUP BY 1`.execute(db);
    return inBucketOrder(rows).map((row) => ({
      ...row,
      ...Object.fromEntries(
        Object.entries(row)
          .filter(([key]) => key !== "bucket")
          .map(([key, value]) => [key, value === null ? null : Number(value)]),
      ),
    })) as ReadingBucketRow[];
  },

  async snapshotCount(deviceId: number, p: Pick<ReportPeriod, "from" | "to">) {
    const { rows } = await sql<{ n: string }>`
      SELECT count(*) AS n FROM telemetry_snapshots WHERE device_id = ${deviceId} AND ts >= ${p.from} AND ts <= ${p.to}`.execute(
      db,
    );
    return Number(rows[0]?.n ?? 0);
  },

  /** A capture task's frames per time bucket. */
  async frameBuckets(taskId: string, p: ReportPeriod) {
    const { rows } = await sql<{ bucket: number; n: string }>`
      SELECT ${bucketOf("at", p)} AS bucket, count(*) AS n FROM capture_frames
      WHERE task_id = ${taskId} GROUP BY 1`.execute(db);
    return inBucketOrder(rows.map((row) => ({ bucket: Number(row.bucket), count: Number(row.n) })));
  },

  /** A capture task's frames per command (null: not a well-formed frame), most first. */
  async frameCommands(taskId: string) {
    const { rows } = await sql<{ command: number | null; n: string }>`
      SELECT command, count(*) AS n FROM capture_frames WHERE task_id = ${taskId}
      GROUP BY command ORDER BY count(*) DESC, command`.execute(db);
    return rows.map((row) => ({ command: row.command, count: Number(row.n) }));
  },

  /**
   * The checker's faults that were active in the period (raised before its end, not repaired
   * before its start), oldest first, with the catalogue's name and checks in `language`; up to
   * `max`, and how many there were.
   */
  async faults(deviceId: number, p: Pick<ReportPeriod, "from" | "to">, language: "zh" | "en", max: number) {
    const base = db
      .selectFrom("faults as f")
      .where("f.device_id", "=", deviceId)
      .where("f.occurred_at", "<=", p.to)
      .where((eb) => eb.or([eb("f.repaired_at", "is", null), eb("f.repaired_at", ">=", p.from)]));
    const [rows, total] = await Promise.all([
      base
        .leftJoin("fault_codes as c", "c.code", "f.code")
        .select([
          "f.code",
          language === "zh" ? "c.name_zh as name" : "c.name_en as name",
          language === "zh" ? "c.checks_zh as checks" : "c.checks_en as checks",
          "f.system_number",
          "f.outdoor_address",
          "f.indoor_address",
          "f.occurred_at",
          "f.repaired_at",
        ])
        .orderBy("f.occurred_at")
        .orderBy("f.id")
        .limit(pageBound(max))
        .execute(),
      base.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow(),
    ]);
    return { rows: rows as FaultEventRow[], total: Number(total.n) };
  },
});

export type TaskReportRepository = ReturnType<typeof createTaskReportRepository>;
export type TaskReportRow = NonNullable<Awaited<ReturnType<TaskReportRepository["find"]>>>;
