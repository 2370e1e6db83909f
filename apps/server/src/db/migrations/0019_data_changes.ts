import { type Kysely, sql } from "kysely";

/**
 * Per organisation and area of data, how many statements have changed it so far: the version a
 * kept answer is valid for (plugins/kept-answers.ts). Any write to a table of an area, by any
 * instance, raises the sum over a scope's rows when it commits, so an answer built before the
 * write is never served after it. Replaces migration 0013's `project_changes` (area `projects`).
 *
 * One row per organisation, area and shard, where the shard is the writing backend's: two
 * transactions of different connections (the ingest's writer lanes, two instances) add to
 * different rows, so neither waits for the other's row lock until it commits; the version is
 * their sum. Statement-level triggers with transition tables: a batch of a thousand faults costs
 * one upsert per organisation, not one per row.
 */
export const SHARDS = 8;

/** Where each table's rows name their organisations; `T` is the transition table. */
const SOURCES: { table: string; area: string; organisations: string }[] = [
  { table: "projects", area: "projects", organisations: "SELECT organisation_id FROM T" },
  { table: "organisations", area: "organisations", organisations: "SELECT id FROM T" },
  { table: "accounts", area: "people", organisations: "SELECT organisation_id FROM T" },
  { table: "devices", area: "devices", organisations: "SELECT organisation_id FROM T" },
  {
    table: "device_bound_users",
    area: "devices",
    organisations: "SELECT d.organisation_id FROM T JOIN devices d ON d.id = T.device_id",
  },
  { table: "outdoor_units", area: "units", organisations: "SELECT organisation_id FROM T" },
  { table: "indoor_units", area: "units", organisations: "SELECT organisation_id FROM T" },
  { table: "faults", area: "faults", organisations: "SELECT organisation_id FROM T" },
  { table: "repair_reports", area: "repairs", organisations: "SELECT organisation_id FROM T" },
  {
    table: "repair_report_notes",
    area: "repairs",
    organisations: "SELECT r.organisation_id FROM T JOIN repair_reports r ON r.id = T.report_id",
  },
  {
    table: "sub_distributor_links",
    area: "partners",
    organisations: "SELECT parent_organisation_id FROM T UNION ALL SELECT child_organisation_id FROM T",
  },
  {
    table: "sub_distributor_events",
    area: "partners",
    organisations: `SELECT l.parent_organisation_id FROM T JOIN sub_distributor_links l ON l.id = T.link_id
      UNION ALL SELECT l.child_organisation_id FROM T JOIN sub_distributor_links l ON l.id = T.link_id`,
  },
  { table: "security_events", area: "security", organisations: "SELECT organisation_id FROM T" },
];

const bump = (area: string, organisations: string) => `
  INSERT INTO data_changes AS c (organisation_id, area, shard, n)
  SELECT DISTINCT x.organisation_id, '${area}', (pg_backend_pid() % ${SHARDS})::smallint, 1
  FROM (${organisations}) AS x(organisation_id) WHERE x.organisation_id IS NOT NULL ORDER BY 1
  ON CONFLICT (organisation_id, area, shard) DO UPDATE SET n = c.n + 1;`;

/** Transition tables allow one event per trigger, hence three per table. */
const EVENTS = {
  insert: { referencing: "NEW TABLE AS new_rows", tables: ["new_rows"] },
  delete: { referencing: "OLD TABLE AS old_rows", tables: ["old_rows"] },
  update: { referencing: "NEW TABLE AS new_rows OLD TABLE AS old_rows", tables: ["new_rows", "old_rows"] },
} as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE data_changes (
    organisation_id bigint NOT NULL,
    area text NOT NULL,
    shard smallint NOT NULL,
    n bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (organisation_id, area, shard)
  )`.execute(db);
  for (const { table, area, organisations } of SOURCES) {
    for (const [event, { referencing, tables }] of Object.entries(EVENTS)) {
      const name = `data_changes_${table}_${event}`;
      // Each transition table in turn stands for T; an update counts its rows before and after.
      const rows = tables.map((t) => organisations.replace(/\bT\b/g, t)).join(" UNION ALL ");
      await sql
        .raw(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN ${bump(area, rows)} RETURN NULL; END $$`)
        .execute(db);
      await sql
        .raw(`CREATE TRIGGER ${name} AFTER ${event.toUpperCase()} ON ${table}
          REFERENCING ${referencing} FOR EACH STATEMENT EXECUTE FUNCTION ${name}()`)
        .execute(db);
    }
  }
  // What 0013 counted is the `projects` area now; its sums carry over so no kept map answer matches.
  await sql`INSERT INTO data_changes (organisation_id, area, shard, n)
    SELECT organisation_id, 'projects', 0, n FROM project_changes
    ON CONFLICT (organisation_id, area, shard) DO UPDATE SET n = data_changes.n + excluded.n`.execute(db);
  for (const event of Object.keys(EVENTS)) {
    await sql.raw(`DROP TRIGGER project_changes_${event} ON projects`).execute(db);
    await sql.raw(`DROP FUNCTION project_changes_${event}()`).execute(db);
  }
  await sql`DROP TABLE project_changes`.execute(db);
}
