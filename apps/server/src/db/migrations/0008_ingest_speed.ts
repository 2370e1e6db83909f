import { type Kysely, sql } from "kysely";

/**
 * What a batch of device messages costs PostgreSQL, measured with `bench/ingest-explain.ts`:
 *
 * - The units' organisation trigger (0006) ran its lookup for every row an upsert proposed, before
 *   the conflict turned it into an update: 2,800 lookups for a batch of 500 reports. Ingest now
 *   names the organisation itself, and the trigger runs only when nobody did, or when a unit
 *   moves to another device.
 * - Units take an update on every report: with room left on each page the update stays on the
 *   page (HOT) and leaves the indexes alone, none of whose columns a report changes.
 */
const UNIT_TABLES = ["outdoor_units", "indoor_units"] as const;

const statements = UNIT_TABLES.flatMap((table) => [
  `DROP TRIGGER ${table}_organisation ON ${table}`,
  `CREATE TRIGGER ${table}_organisation_insert BEFORE INSERT ON ${table}
     FOR EACH ROW WHEN (NEW.organisation_id IS NULL) EXECUTE FUNCTION ${table}_organisation()`,
  `CREATE TRIGGER ${table}_organisation_move BEFORE UPDATE OF device_id ON ${table}
     FOR EACH ROW WHEN (OLD.device_id IS DISTINCT FROM NEW.device_id) EXECUTE FUNCTION ${table}_organisation()`,
  `ALTER TABLE ${table} SET (fillfactor = 70)`,
]);

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
