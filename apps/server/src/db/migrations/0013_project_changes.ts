import { type Kysely, sql } from "kysely";

/**
 * Per organisation, how many statements have changed its projects so far. It only ever grows, so
 * its sum over a scope changes whenever any of the scope's projects does (an edit, a new or
 * deleted project, a fault opening or closing, a device added): the map's answer for a scope is
 * reused until then (plugins/prepared-answer.ts). One row per organisation and statement, not per
 * project, so a batch of faults costs one upsert. Transition tables allow one event per trigger,
 * hence three.
 */
const bump = (rows: string) => `
  INSERT INTO project_changes AS c (organisation_id, n)
  SELECT DISTINCT organisation_id, 1 FROM (${rows}) x ORDER BY organisation_id
  ON CONFLICT (organisation_id) DO UPDATE SET n = c.n + 1;`;

const events = {
  insert: { rows: "SELECT organisation_id FROM new_rows", referencing: "NEW TABLE AS new_rows" },
  delete: { rows: "SELECT organisation_id FROM old_rows", referencing: "OLD TABLE AS old_rows" },
  update: {
    rows: "SELECT organisation_id FROM new_rows UNION SELECT organisation_id FROM old_rows",
    referencing: "NEW TABLE AS new_rows OLD TABLE AS old_rows",
  },
} as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE project_changes (
    organisation_id bigint PRIMARY KEY,
    n bigint NOT NULL DEFAULT 0
  )`.execute(db);
  for (const [event, { rows, referencing }] of Object.entries(events)) {
    await sql
      .raw(`CREATE FUNCTION project_changes_${event}() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN ${bump(rows)} RETURN NULL; END $$`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER project_changes_${event} AFTER ${event.toUpperCase()} ON projects
        REFERENCING ${referencing} FOR EACH STATEMENT EXECUTE FUNCTION project_changes_${event}()`)
      .execute(db);
  }
}
