import { type Kysely, sql } from "kysely";

const TELEMETRY_TABLES = ["telemetry_outdoor", "telemetry_indoor"] as const;

/**
 * The telemetry tables lose their default partition, so their monthly partitions are ordered.
 *
 * A unit list shows each unit's newest reading: `ORDER BY ts DESC LIMIT 1` over one unit's index
 * range. With only range partitions PostgreSQL reads the months newest first and stops at the first
 * row. A default partition may hold any time, so the months are not ordered: it has to open every
 * month, or read all of the unit's rows and sort them (the plan it chose after one minute of the
 * ingest benchmark; a month of a unit's reports at scale). The default caught rows outside every
 * month made so far; a report is dated within ten minutes of its arrival (ingest-item.ts), the
 * months are made three ahead at start and every ten minutes, and a batch refused for a month
 * not made yet makes it and is written again (link-maintenance.ts, device-link.ts).
 *
 * Rows that did land in a default partition are kept: their months are made and they are moved.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of TELEMETRY_TABLES) {
    const spare = `${table}_default_detached`;
    await sql`ALTER TABLE ${sql.table(table)} DETACH PARTITION ${sql.table(`${table}_default`)}`.execute(db);
    await sql`ALTER TABLE ${sql.table(`${table}_default`)} RENAME TO ${sql.table(spare)}`.execute(db);
    const { rows } = await sql<{ month: string }>`
      SELECT DISTINCT to_char(date_trunc('month', ts AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS month
      FROM ${sql.table(spare)}`.execute(db);
    for (const { month } of rows) await sql`SELECT ensure_telemetry_partitions(${month}::date, 1)`.execute(db);
    await sql`INSERT INTO ${sql.table(table)} SELECT * FROM ${sql.table(spare)}`.execute(db);
    await sql`DROP TABLE ${sql.table(spare)}`.execute(db);
  }
}
