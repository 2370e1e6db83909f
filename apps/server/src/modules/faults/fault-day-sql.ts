import { sql } from "kysely";

/**
 * The YYYY-MM-DD a fault happened on for a viewer `utcOffsetMinutes` east of
 * UTC, whatever the session time zone. The offset is inlined (it is a validated
 * integer) so the same expression can be repeated in GROUP BY.
 */
export const localDaySql = (column: "f.occurred_at" | "occurred_at" | "bucket", utcOffsetMinutes: number) =>
  sql<string>`to_char(((${sql.ref(column)} AT TIME ZONE 'UTC') + make_interval(mins => ${sql.lit(Math.trunc(utcOffsetMinutes))}))::date, 'YYYY-MM-DD')`;
