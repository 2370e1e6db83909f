import { type RawBuilder, sql } from "kysely";
import type { Db } from "../../db/open.ts";
import { HOUR_MS, isEmpty, QUARTER_MS, splitByDayAndHour, splitRange, type TimeRange } from "./fault-count-ranges.ts";
import { localDateSql } from "./fault-day-sql.ts";

export interface CountFilters extends TimeRange {
  organisationIds: number[];
  code?: string | undefined;
}

interface Counted {
  total: number;
  open: number;
}

const bounds = (column: string, range: TimeRange): RawBuilder<unknown>[] => [
  ...(range.from ? [sql`${sql.ref(column)} >= ${range.from}`] : []),
  ...(range.to ? [sql`${sql.ref(column)} < ${range.to}`] : []),
];

const where = (conditions: RawBuilder<unknown>[]) => sql.join(conditions, sql` AND `);

const utcDay = (t: Date) => t.toISOString().slice(0, 10);

/**
 * Fault counts of a whole organisation scope read from the bucket tables the fault triggers keep
 * (0006_list_counts), with the ragged ends of a range counted from the rows. The answers are the
 * same as counting the fault rows; only the cost differs (thousands of bucket rows, not a million
 * faults).
 */
export const createFaultCountsRepository = (db: Db) => {
  const scoped = (filters: CountFilters, column = "organisation_id") => [
    sql`${sql.ref(column)} IN (${sql.join(filters.organisationIds)})`,
    ...(filters.code !== undefined ? [sql`code = ${filters.code}`] : []),
  ];

  /** The rows of a range split into day buckets, hour buckets and raw rows, as (code, total, open). */
  const pieces = (filters: CountFilters) => {
    const split = splitByDayAndHour(filters);
    const parts: RawBuilder<unknown>[] = [];
    if (!isEmpty(split.days)) {
      const days = [
        ...(split.days.from ? [sql`day >= ${utcDay(split.days.from)}::date`] : []),
        ...(split.days.to ? [sql`day < ${utcDay(split.days.to)}::date`] : []),
      ];
      parts.push(
        sql`SELECT code, total, open FROM fault_counts_code_day WHERE ${where([...scoped(filters), ...days])}`,
      );
    }
    for (const hours of split.hours) {
      parts.push(
        sql`SELECT code, total, open FROM fault_counts_code_hour WHERE ${where([...scoped(filters), ...bounds("bucket", hours)])}`,
      );
    }
    for (const raw of split.raw) {
      parts.push(
        sql`SELECT code, 1 AS total, (repaired_at IS NULL)::int AS open FROM faults
            WHERE ${where([...scoped(filters), ...bounds("occurred_at", raw)])}`,
      );
    }
    return sql.join(parts, sql` UNION ALL `);
  };

  return {
    /** Raised and still open, in the range. */
    async totals(filters: CountFilters): Promise<Counted> {
      if (filters.organisationIds.length === 0) return { total: 0, open: 0 };
      const { rows } = await sql<Counted>`
        SELECT coalesce(sum(total), 0)::int AS total, coalesce(sum(open), 0)::int AS open FROM (${pieces(filters)}) x
      `.execute(db);
      return rows[0] ?? { total: 0, open: 0 };
    },

    /** Per code, in the range. */
    async byCode(filters: CountFilters): Promise<(Counted & { code: string })[]> {
      if (filters.organisationIds.length === 0) return [];
      const { rows } = await sql<Counted & { code: string }>`
        SELECT code, sum(total)::int AS total, sum(open)::int AS open FROM (${pieces(filters)}) x
        GROUP BY code HAVING sum(total) > 0
      `.execute(db);
      return rows;
    },

    /**
     * Per local day of a viewer `utcOffsetMinutes` east of UTC. Undefined when the buckets cannot
     * answer exactly: an offset that is not a whole number of buckets (the caller counts rows).
     */
    async byDay(filters: CountFilters, utcOffsetMinutes: number) {
      const perCode = filters.code !== undefined;
      // Whole-hour offsets (nearly every zone) read a quarter of the rows from the hour buckets
      // (0009_fault_hours); 30- and 45-minute offsets need the quarter hours.
      const wholeHours = (utcOffsetMinutes * 60_000) % HOUR_MS === 0;
      const size = perCode || wholeHours ? HOUR_MS : QUARTER_MS;
      if ((utcOffsetMinutes * 60_000) % size !== 0) return undefined;
      if (filters.organisationIds.length === 0) return [];
      const split = splitRange(filters, size);
      const parts: RawBuilder<unknown>[] = [];
      if (!isEmpty(split.buckets)) {
        const table = sql.table(
          perCode ? "fault_counts_code_hour" : wholeHours ? "fault_counts_hour" : "fault_counts_quarter",
        );
        parts.push(
          sql`SELECT ${localDateSql("bucket", utcOffsetMinutes)} AS day, total, open FROM ${table}
              WHERE ${where([...scoped(filters), ...bounds("bucket", split.buckets)])}`,
        );
      }
      for (const raw of split.raw) {
        parts.push(
          sql`SELECT ${localDateSql("occurred_at", utcOffsetMinutes)} AS day, 1 AS total, (repaired_at IS NULL)::int AS open
              FROM faults WHERE ${where([...scoped(filters), ...bounds("occurred_at", raw)])}`,
        );
      }
      const { rows } = await sql<Counted & { day: string }>`
        SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(total)::int AS total, sum(open)::int AS open
        FROM (${sql.join(parts, sql` UNION ALL `)}) x
        GROUP BY day HAVING sum(total) > 0 ORDER BY day
      `.execute(db);
      return rows;
    },
  };
};

export type FaultCountsRepository = ReturnType<typeof createFaultCountsRepository>;
