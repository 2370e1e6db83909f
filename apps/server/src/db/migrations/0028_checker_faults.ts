import { type Kysely, sql } from "kysely";

/**
 * The Hi-Checker module's fault analysis lists the faults raised through checkers, a few percent
 * of a channel's faults. Found through the checker list (`device_id IN (checkers)`), every page
 * and count hashed all of the channel's faults against it: 0.4 s a page at 1,400,000 faults. A
 * fault now says whether its device is a checker (a device's kind never changes), so partial
 * index holds the checkers' faults alone, per organisation in time order, with the code and the
 * repair time its counts by state, code and day read without the table.
 *
 * A row trigger fills the flag for every writer (ingest, seeds, imports) from the device's kind;
 * one primary-key lookup per inserted row. The backfill touches only the checkers' rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE faults ADD COLUMN from_checker boolean NOT NULL DEFAULT false`.execute(db);
  await sql`
    UPDATE faults SET from_checker = true
    WHERE device_id IN (SELECT id FROM devices WHERE kind = 'checker')`.execute(db);
  await sql`
    CREATE FUNCTION faults_from_checker() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.from_checker := EXISTS (SELECT 1 FROM devices WHERE id = NEW.device_id AND kind = 'checker');
      RETURN NEW;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER faults_from_checker BEFORE INSERT ON faults
    FOR EACH ROW EXECUTE FUNCTION faults_from_checker()`.execute(db);
  await sql`
    CREATE INDEX faults_checker_time_idx ON faults (organisation_id, occurred_at DESC, id DESC)
    INCLUDE (code, repaired_at) WHERE from_checker`.execute(db);
  // A bound checker of another organisation: its faults by device, already on faults_device_idx.
}
