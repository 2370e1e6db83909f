import { type Kysely, sql } from "kysely";

/**
 * Each device's window of recent sequence numbers (devices/seq-window.ts): the highest seq
 * taken and a bitmap of the 1,024 below it, one row per device rewritten in place by the
 * batch that takes its messages. It replaces a row per message in `device_message_ids` as the
 * duplicate check of ordinary traffic: at 10,000 msg/s that table gained 864 million rows a day,
 * each inserted at a random place of its key, then deleted in chunks and vacuumed a day later.
 * The table of ids stays for what the window cannot judge (decision 0005).
 *
 * No foreign key, as for the ids: a device's row goes with the device (devices.repository), and
 * the writer need not take a lock on the device's row to make its window.
 * Rewritten on almost every batch with only the key indexed, so each update can stay on its page
 * (a heap-only tuple) where the fill factor leaves room.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE device_seq_windows (
      device_id bigint PRIMARY KEY,
      top bigint NOT NULL DEFAULT -1,
      seen bytea NOT NULL DEFAULT decode(repeat('00', 128), 'hex')
    ) WITH (fillfactor = 50)`.execute(db);
}
