import { type Kysely, sql } from "kysely";

/**
 * Every mail is a row here before it is sent, so a mail server that is down
 * delays mail instead of losing it. Workers claim due rows with a lease
 * (locked_until): a row whose sender died mid-send is picked again once the
 * lease runs out. message_id is fixed when the row is written, so a resend after
 * such a crash carries the same Message-ID and a receiver can drop the copy.
 */
const statements = [
  `CREATE TABLE mail_outbox (
    id bigserial PRIMARY KEY,
    kind text NOT NULL CHECK (char_length(kind) <= 64),
    recipient text NOT NULL CHECK (char_length(recipient) <= 320),
    subject text NOT NULL,
    text text NOT NULL,
    html text,
    message_id text NOT NULL UNIQUE,
    status text NOT NULL CHECK (status IN ('pending', 'sending', 'sent', 'failed', 'suppressed')),
    attempts integer NOT NULL DEFAULT 0,
    created_at timestamptz NOT NULL,
    next_attempt_at timestamptz NOT NULL,
    give_up_at timestamptz NOT NULL,
    locked_until timestamptz,
    sent_at timestamptz,
    last_error text CHECK (char_length(last_error) <= 300)
  )`,
  // The workers' pick: due pending rows and sending rows whose lease ran out. Only
  // rows still to be sent are indexed; sent ones pile up and are never picked.
  `CREATE INDEX mail_outbox_due_idx ON mail_outbox (status, next_attempt_at) WHERE status IN ('pending', 'sending')`,
  // The per-recipient hourly count.
  `CREATE INDEX mail_outbox_recipient_idx ON mail_outbox (lower(recipient), created_at)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
