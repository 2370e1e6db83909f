import { type Kysely, sql } from "kysely";

/**
 * The ragged hours at the ends of a range are read from `fault_counts_code_hour` across every code
 * (the dashboard's 30 days, a statistics range). Its key starts (organisation, code, bucket), so a
 * few hours of one organisation meant walking the buckets of every code: 723 pages and 4 ms per
 * edge at scale, twice per dashboard. By time first, it is a few pages.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX fault_counts_code_hour_bucket_idx ON fault_counts_code_hour (organisation_id, bucket)`.execute(
    db,
  );
}
