import { type Kysely, sql } from "kysely";

/**
 * Device messages the database refused (decision 0014): the device writer splits a refused batch
 * until it finds the message it cannot store, keeps that one here and writes the rest. The row
 * names the device by its serial number as sent, and by id while the device exists; the
 * organisation is the device's at the time, which the distributor's list reads by.
 */
/**
 * The page's menu entry for databases whose menus were seeded before it existed (a new database
 * gets it from the reference data, which runs after the migrations, into an empty menus table),
 * right after the web app's error log, as the seed puts it.
 */
async function addDeadLettersMenu(db: Kysely<unknown>): Promise<void> {
  await sql`INSERT INTO menus (authority_num, pid, menu_name, url, icon, sort)
    SELECT 2, p.id, 'deviceDeadLetters', 'deviceDeadLetters', 'gateway',
      COALESCE((SELECT s.sort FROM menus s WHERE s.authority_num = 2 AND s.url = 'clientErrors' LIMIT 1), 0)
    FROM menus p
    WHERE p.authority_num = 2 AND p.pid = 0 AND p.url = 'platformCenter'
      AND NOT EXISTS (SELECT 1 FROM menus m WHERE m.authority_num = 2 AND m.url = 'deviceDeadLetters')`.execute(db);
}

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
  await addDeadLettersMenu(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM menus WHERE authority_num = 2 AND url = 'deviceDeadLetters'`.execute(db);
  await sql`DROP TABLE device_dead_letters`.execute(db);
}
