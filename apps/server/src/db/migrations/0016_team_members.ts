import { type Kysely, sql } from "kysely";

/**
 * Team members (issue 10): an account's role inside its organisation, and the invitations an
 * administrator sends to colleagues' e-mail addresses.
 *
 * The account that registered an organisation (its first) becomes its administrator; any other
 * account already in it becomes a member.
 *
 * An invitation is found by the hash of its token only (the token itself is mailed, never
 * stored). One open invitation per organisation and address (the partial unique index), so
 * inviting the same address again refreshes that row instead of adding one. Answered,
 * cancelled and expired rows stay as history; `status` says which.
 */
const statements = [
  `ALTER TABLE accounts ADD COLUMN team_role text NOT NULL DEFAULT 'admin' CHECK (team_role IN ('admin', 'member'))`,
  // An organisation's first account registered it; any later one (the demo's service engineer) is a member.
  `UPDATE accounts SET team_role = 'member'
    WHERE id <> (SELECT min(f.id) FROM accounts f WHERE f.organisation_id = accounts.organisation_id)`,
  `CREATE TABLE team_invitations (
    id bigserial PRIMARY KEY,
    organisation_id bigint NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
    email text NOT NULL CHECK (email = lower(email)),
    authorities text NOT NULL,
    team_role text NOT NULL CHECK (team_role IN ('admin', 'member')),
    token_hash text NOT NULL UNIQUE,
    invited_by bigint REFERENCES accounts(id) ON DELETE SET NULL,
    status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'declined', 'cancelled')),
    created_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL,
    answered_at timestamptz
  )`,
  `CREATE UNIQUE INDEX team_invitations_open_idx ON team_invitations (organisation_id, email) WHERE status = 'pending'`,
  // The administrator's list of open invitations, newest first.
  `CREATE INDEX team_invitations_list_idx ON team_invitations (organisation_id, created_at DESC, id DESC)
    WHERE status = 'pending'`,
  // What is offered to an address at sign-in and registration.
  `CREATE INDEX team_invitations_email_idx ON team_invitations (email) WHERE status = 'pending'`,
];

/**
 * The team page's menu entry for databases whose menus were seeded before it existed (a new
 * database gets it from the reference data, which runs after the migrations). After the error
 * log's entry, as the seed has it. Adds nothing when the entry or the group is missing.
 */
export async function addTeamMembersMenu(db: Kysely<unknown>): Promise<void> {
  await sql`INSERT INTO menus (authority_num, pid, menu_name, url, icon, sort)
    SELECT 2, p.id, 'teamMembers', 'teamMembers', 'user',
      COALESCE((SELECT max(s.sort) FROM menus s WHERE s.authority_num = 2 AND s.pid = p.id
        AND s.url IN ('securityEvents', 'clientErrors')), 0)
    FROM menus p
    WHERE p.authority_num = 2 AND p.pid = 0 AND p.url = 'platformCenter'
      AND NOT EXISTS (SELECT 1 FROM menus m WHERE m.authority_num = 2 AND m.url = 'teamMembers')`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
  await addTeamMembersMenu(db);
}
