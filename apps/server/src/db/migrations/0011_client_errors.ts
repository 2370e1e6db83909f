import { type Kysely, sql } from "kysely";

/**
 * Errors the web app met in users' browsers (uncaught errors, unhandled
 * rejections, pages an error boundary replaced), one row each. The organisation
 * and account are those of a signed-in sender, null otherwise. No foreign keys,
 * like the security log: a row outlives what it names, and a report must never be
 * refused because of another table. Rows are pruned by age and per organisation
 * (client-errors.repository.ts), so the table stays small.
 */
const statements = [
  `CREATE TABLE client_errors (
    id bigserial PRIMARY KEY,
    organisation_id bigint,
    account_id bigint,
    kind text NOT NULL CHECK (char_length(kind) <= 32),
    message text NOT NULL CHECK (char_length(message) <= 1000),
    stack text CHECK (char_length(stack) <= 8000),
    url text NOT NULL CHECK (char_length(url) <= 2000),
    release text NOT NULL CHECK (char_length(release) <= 64),
    user_agent text CHECK (char_length(user_agent) <= 300),
    ip text CHECK (char_length(ip) <= 64),
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  // The list (one organisation, newest first) and the per-organisation cap of the pruning.
  `CREATE INDEX client_errors_organisation_idx ON client_errors (organisation_id, created_at DESC, id DESC)`,
  // Pruning by age across all organisations.
  `CREATE INDEX client_errors_created_idx ON client_errors (created_at)`,
];

/**
 * The page's menu entry for databases whose menus were seeded before it existed (a new
 * database gets it from the reference data, which runs after the migrations, into an empty
 * menus table). The security log's sort and a higher id put it right after that entry, as the
 * seed does. Adds nothing when the entry or the platform centre group is missing.
 */
export async function addClientErrorsMenu(db: Kysely<unknown>): Promise<void> {
  await sql`INSERT INTO menus (authority_num, pid, menu_name, url, icon, sort)
    SELECT 2, p.id, 'clientErrors', 'clientErrors', 'faultanalysis',
      COALESCE((SELECT s.sort FROM menus s WHERE s.authority_num = 2 AND s.url = 'securityEvents' LIMIT 1), 0)
    FROM menus p
    WHERE p.authority_num = 2 AND p.pid = 0 AND p.url = 'platformCenter'
      AND NOT EXISTS (SELECT 1 FROM menus m WHERE m.authority_num = 2 AND m.url = 'clientErrors')`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
  await addClientErrorsMenu(db);
}
