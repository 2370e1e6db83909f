import { type Kysely, sql } from "kysely";

/**
 * A version per seq window, moved by every update of it. A writer keeps the windows it wrote with
 * their versions (ingest-memory.ts), so the batch that locks a window it still holds reads back
 * only the version, not the window's 128 bytes (256 as the text node-postgres reads); and it writes
 * back only the bytes its messages changed. Another instance's write moves the version, and the
 * window is then read whole. No rewrite: a constant default is kept in the catalogue.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE device_seq_windows ADD COLUMN version bigint NOT NULL DEFAULT 0`.execute(db);
}
