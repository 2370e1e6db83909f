import { type Kysely, sql } from "kysely";

/**
 * SPEC section 3's display settings, one row per account, so they follow the user to any
 * browser. A missing row means the defaults (SPEC section 9). The checks repeat the contract's
 * rules, so no writer can store a value the portal would not show.
 */
const statements = [
  `CREATE TABLE user_settings (
    account_id bigint PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
    theme_color text NOT NULL CHECK (theme_color ~ '^#[0-9A-F]{6}$'),
    size text NOT NULL CHECK (size IN ('small', 'medium')),
    tags_view boolean NOT NULL,
    fixed_header boolean NOT NULL,
    sidebar_logo boolean NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
