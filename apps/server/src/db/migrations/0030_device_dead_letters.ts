import { type Kysely, sql } from "kysely";

/**
 * Device messages the database refused (decision 0014): the device writer splits a refused batch
 * until it finds the message it cannot store, keeps that one here and writes the rest. The row
 * names the device by its serial number as sent, and by id while the device exists; the
 * organisation is the device's at the time, which the distributor's list reads by.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE device_dead_letters (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      organisation_id bigint REFERENCES organisations (id) ON DELETE CASCADE,
      device_id bigint REFERENCES devices (id) ON DELETE SET NULL,
      serial_number text NOT NULL,
      topic text NOT NULL,
      payload bytea NOT NULL,
      error text NOT NULL,
      received_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL
    )`.execute(db);
  // The list: one organisation's, newest first, optionally from a serial number's prefix.
  await sql`CREATE INDEX device_dead_letters_organisation_idx ON device_dead_letters (organisation_id, received_at DESC, id DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX device_dead_letters_created_idx ON device_dead_letters (created_at)`.execute(db);
  await sql`CREATE INDEX device_dead_letters_device_idx ON device_dead_letters (device_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE device_dead_letters`.execute(db);
}
