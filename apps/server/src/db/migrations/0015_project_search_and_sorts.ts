import { type Kysely, sql } from "kysely";

/**
 * The project list's keyword search and its sorted pages, at the size of a large channel.
 *
 * - Keyword: `name ILIKE '%…%' OR code ILIKE '%…%'` read all 10,000 projects of a distributor and
 *   tested each (18-41 ms, twice per page with the count). Trigram indexes answer it from the
 *   index (0.2 ms). pg_trgm is a trusted extension of PostgreSQL and ships with PGlite; it lives in
 *   `public` so that dropping a schema (tests run side by side in schemas) never takes it along,
 *   and the creation waits on a lock so parallel migrations cannot race to create it twice.
 * - Sorted by open faults, name or code: `organisation_id IN (…)` with a sort read and sorted every
 *   project of the scope (8 ms). With (organisation_id, column, id) each organisation's first rows
 *   come off an index in order and are merged (db/merged-page.ts), as the newest-first page does.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext('vrf:create extension pg_trgm'))`.execute(db);
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public`.execute(db);
  await sql`CREATE INDEX projects_name_trgm_idx ON projects USING gin (name public.gin_trgm_ops)`.execute(db);
  await sql`CREATE INDEX projects_code_trgm_idx ON projects USING gin (code public.gin_trgm_ops)`.execute(db);
  await sql`CREATE INDEX projects_open_faults_sort_idx ON projects (organisation_id, open_fault_count, id)`.execute(db);
  await sql`CREATE INDEX projects_name_sort_idx ON projects (organisation_id, name, id)`.execute(db);
  await sql`CREATE INDEX projects_code_sort_idx ON projects (organisation_id, code, id)`.execute(db);
}
