import { type Kysely, sql } from "kysely";

/**
 * The security audit log, one row per event, kept per organisation. The
 * organisation and account are nullable because a failed sign-in for an unknown
 * e-mail belongs to nobody; the e-mail typed is kept instead. No foreign keys:
 * an audit row outlives the account it names, and a write here must never be
 * refused because of the state of another table.
 */
const statements = [
  `CREATE TABLE security_events (
    id bigserial PRIMARY KEY,
    organisation_id bigint,
    account_id bigint,
    email text CHECK (char_length(email) <= 320),
    type text NOT NULL CHECK (char_length(type) <= 64),
    ip text CHECK (char_length(ip) <= 64),
    user_agent text CHECK (char_length(user_agent) <= 300),
    detail jsonb NOT NULL DEFAULT '{}'::jsonb,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  // The list: one organisation, newest first, ties broken by id.
  `CREATE INDEX security_events_organisation_idx ON security_events (organisation_id, created_at DESC, id DESC)`,
  // The list filtered to one user, or to some event types (rare ones such as lockouts among millions of sign-ins).
  `CREATE INDEX security_events_account_idx ON security_events (organisation_id, account_id, created_at DESC, id DESC)`,
  `CREATE INDEX security_events_type_idx ON security_events (organisation_id, type, created_at DESC, id DESC)`,
];

/**
 * The page's menu entry, for databases whose menus were seeded before it existed
 * (a new database gets it from the reference data, which runs after the
 * migrations, into an empty menus table). Sort 0 with a higher id than
 * distributorManagement's row puts it right after that entry, as the seed does.
 * Adds nothing when the entry or the platform centre group is missing.
 */
export async function addSecurityEventsMenu(db: Kysely<unknown>): Promise<void> {
  await sql`INSERT INTO menus (authority_num, pid, menu_name, url, icon, sort)
    SELECT 2, p.id, 'securityEvents', 'securityEvents', 'security', 0
    FROM menus p
    WHERE p.authority_num = 2 AND p.pid = 0 AND p.url = 'platformCenter'
      AND NOT EXISTS (SELECT 1 FROM menus m WHERE m.authority_num = 2 AND m.url = 'securityEvents')`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
  await addSecurityEventsMenu(db);
}
