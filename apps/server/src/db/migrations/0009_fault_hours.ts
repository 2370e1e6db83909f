import { type Kysely, sql } from "kysely";

/**
 * Faults raised (and still open) per organisation and UTC hour, kept by triggers like the buckets of
 * 0006_list_counts. A local day of a viewer whose UTC offset is a whole number of hours (all but a
 * few zones) is 24 of these rows, not 96 quarter hours: the fault statistics' daily series over
 * six months summed 17,500 quarter rows per organisation on every call (10 ms at scale). Offsets of
 * 30 or 45 minutes still read the quarter hours.
 *
 * The triggers are statement-level with transition tables and separate from 0006's, so a batch of
 * faults adds one aggregated upsert, in organisation and hour order (concurrent batches queue
 * rather than deadlock).
 */
const signedRows = (op: "insert" | "delete" | "update") =>
  ({
    insert: "SELECT organisation_id, occurred_at, (repaired_at IS NULL) AS open, 1 AS sign FROM new_rows",
    delete: "SELECT organisation_id, occurred_at, (repaired_at IS NULL) AS open, -1 AS sign FROM old_rows",
    update: `SELECT organisation_id, occurred_at, (repaired_at IS NULL) AS open, 1 AS sign FROM new_rows
             UNION ALL SELECT organisation_id, occurred_at, (repaired_at IS NULL) AS open, -1 AS sign FROM old_rows`,
  })[op];

const trigger = (op: "insert" | "delete" | "update") => [
  `CREATE FUNCTION faults_hours_${op}d() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     INSERT INTO fault_counts_hour AS c (organisation_id, bucket, total, open)
     SELECT organisation_id, date_bin('1 hour', occurred_at, timestamptz '2000-01-01 00:00:00+00'),
            sum(sign), coalesce(sum(sign) FILTER (WHERE open), 0)
     FROM (${signedRows(op)}) d GROUP BY 1, 2
     HAVING sum(sign) <> 0 OR coalesce(sum(sign) FILTER (WHERE open), 0) <> 0
     ORDER BY 1, 2
     ON CONFLICT (organisation_id, bucket) DO UPDATE
       SET total = c.total + excluded.total, open = c.open + excluded.open;
     RETURN NULL;
   END $$`,
  `CREATE TRIGGER faults_hours_${op}d AFTER ${op.toUpperCase()} ON faults
     REFERENCING ${op === "insert" ? "NEW TABLE AS new_rows" : op === "delete" ? "OLD TABLE AS old_rows" : "OLD TABLE AS old_rows NEW TABLE AS new_rows"}
     FOR EACH STATEMENT EXECUTE FUNCTION faults_hours_${op}d()`,
];

const statements = [
  `CREATE TABLE fault_counts_hour (
    organisation_id bigint NOT NULL,
    bucket timestamptz NOT NULL,
    total integer NOT NULL,
    open integer NOT NULL,
    PRIMARY KEY (organisation_id, bucket)
  )`,
  `INSERT INTO fault_counts_hour (organisation_id, bucket, total, open)
   SELECT organisation_id, date_bin('1 hour', occurred_at, timestamptz '2000-01-01 00:00:00+00'), count(*),
          count(*) FILTER (WHERE repaired_at IS NULL)
   FROM faults GROUP BY 1, 2`,
  ...trigger("insert"),
  ...trigger("update"),
  ...trigger("delete"),
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
