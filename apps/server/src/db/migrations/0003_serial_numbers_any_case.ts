import { type Kysely, sql } from "kysely";

/**
 * A serial number is the same whatever letter case it is typed in (a label
 * read aloud, an end user's form, a spreadsheet): unique without regard to case,
 * so every lookup can compare lower(serial_number) and use this index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE UNIQUE INDEX devices_serial_number_lower_idx ON devices (lower(serial_number))`.execute(db);
}
