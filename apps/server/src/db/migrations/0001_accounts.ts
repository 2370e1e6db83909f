import { type Kysely, sql } from "kysely";

const statements = [
  `CREATE TABLE organisations (
    id bigserial PRIMARY KEY,
    name text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE TABLE accounts (
    id bigserial PRIMARY KEY,
    email text NOT NULL UNIQUE,
    password_hash text NOT NULL,
    name text NOT NULL,
    organisation_id bigint NOT NULL REFERENCES organisations(id),
    authorities text NOT NULL,
    role_num integer NOT NULL DEFAULT 1,
    language_id integer NOT NULL DEFAULT 0,
    remember_select integer NOT NULL DEFAULT 2,
    select_mode integer,
    privacy_version integer,
    failed_logins integer NOT NULL DEFAULT 0,
    failed_window_start timestamptz,
    locked_until timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX accounts_organisation_idx ON accounts (organisation_id)`,
  `CREATE TABLE mailbox_codes (
    id bigserial PRIMARY KEY,
    email text NOT NULL,
    type integer NOT NULL,
    code_hash text NOT NULL,
    attempts integer NOT NULL DEFAULT 0,
    created_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL,
    used_at timestamptz
  )`,
  `CREATE INDEX mailbox_codes_email_idx ON mailbox_codes (email, type, created_at DESC)`,
  `CREATE TABLE sessions (
    id bigserial PRIMARY KEY,
    token_hash text NOT NULL UNIQUE,
    account_id bigint NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    authority_num integer,
    parent_id bigint REFERENCES sessions(id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL,
    last_seen_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL,
    revoked_at timestamptz,
    revoked_reason text
  )`,
  `CREATE INDEX sessions_account_idx ON sessions (account_id) WHERE revoked_at IS NULL`,
  `CREATE INDEX sessions_parent_idx ON sessions (parent_id)`,
  `CREATE TABLE profiles (
    account_id bigint PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
    first_name text NOT NULL,
    surname text NOT NULL,
    phone text NOT NULL DEFAULT '',
    language_id integer NOT NULL DEFAULT 0,
    street text NOT NULL DEFAULT '',
    house_number text NOT NULL DEFAULT '',
    city text NOT NULL DEFAULT '',
    country text NOT NULL DEFAULT '',
    zip text NOT NULL DEFAULT '',
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE TABLE notification_settings (
    account_id bigint PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
    repair_info boolean NOT NULL DEFAULT false,
    daily_fault_report boolean NOT NULL DEFAULT false,
    hour integer NOT NULL DEFAULT 8 CHECK (hour BETWEEN 0 AND 23),
    email text NOT NULL DEFAULT '',
    timezone text NOT NULL DEFAULT 'Asia/Shanghai',
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE TABLE privacy_agreements (
    id bigserial PRIMARY KEY,
    version integer NOT NULL,
    language_id integer NOT NULL,
    title text NOT NULL,
    content text NOT NULL,
    published_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (version, language_id)
  )`,
  `CREATE TABLE languages (
    id integer PRIMARY KEY,
    code text NOT NULL UNIQUE,
    name text NOT NULL
  )`,
  `CREATE TABLE regions (
    id bigserial PRIMARY KEY,
    language_id integer NOT NULL REFERENCES languages(id),
    code text NOT NULL,
    parent_code text,
    name text NOT NULL,
    sort integer NOT NULL DEFAULT 0,
    UNIQUE (language_id, code)
  )`,
  `CREATE TABLE menus (
    id bigserial PRIMARY KEY,
    authority_num integer NOT NULL,
    pid bigint NOT NULL DEFAULT 0,
    menu_name text NOT NULL,
    url text NOT NULL,
    icon text,
    sort integer NOT NULL DEFAULT 0
  )`,
  `CREATE INDEX menus_authority_idx ON menus (authority_num, sort)`,
  `CREATE TABLE announcements (
    id bigserial PRIMARY KEY,
    format_id integer NOT NULL CHECK (format_id IN (5, 7, 8)),
    start_time bigint NOT NULL,
    end_time bigint,
    content jsonb NOT NULL,
    authority_num integer,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE TABLE announcement_reads (
    announcement_id bigint NOT NULL REFERENCES announcements(id) ON DELETE CASCADE,
    account_id bigint NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    read_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (announcement_id, account_id)
  )`,
  `CREATE TABLE login_logs (
    id bigserial PRIMARY KEY,
    account_id bigint NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    event text NOT NULL,
    authority_num integer,
    ip text,
    user_agent text,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX login_logs_account_idx ON login_logs (account_id, created_at DESC)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
