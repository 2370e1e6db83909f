import { sql } from "kysely";
import { deleteInChunks } from "../db/chunked-delete.ts";
import type { Db } from "../db/open.ts";
import { createDeviceDeadLetterRepository } from "../modules/device-dead-letters/device-dead-letters.repository.ts";

/** PostgreSQL's refusal of a row no partition takes (check_violation, "no partition of relation … found for row"). */
export const isMissingPartition = (error: unknown) =>
  typeof error === "object" &&
  error !== null &&
  (error as { code?: unknown }).code === "23514" &&
  /no partition/i.test(String((error as { message?: unknown }).message));

/** How long a (device, seq) is remembered for duplicate suppression. */
export const MESSAGE_ID_RETENTION_MS = 24 * 60 * 60_000;
/** Dead letters are kept a month: long enough to reach the device's maker. */
export const DEAD_LETTER_RETENTION_MS = 30 * 24 * 60 * 60_000;
/** Telemetry is kept a year (SPEC section 9: stationary checkers keep one year of data). */
export const TELEMETRY_RETENTION_MONTHS = 12;
const PRUNE_CHUNK = 20_000;

/**
 * Housekeeping of the device link, safe to run on every instance at once: months of telemetry
 * partitions made ahead, months past retention dropped whole (no row-by-row delete), and old
 * duplicate-suppression ids pruned in chunks so no statement holds locks for long.
 */
export const createLinkMaintenance = (db: Db, now: () => Date) => ({
  async ensurePartitions(): Promise<void> {
    // Serialised: two instances creating the same partition would otherwise race.
    await db.transaction().execute(async (tx) => {
      await sql`SELECT pg_advisory_xact_lock(726002)`.execute(tx);
      await sql`SELECT ensure_telemetry_partitions((${now()}::timestamptz AT TIME ZONE 'UTC')::date, 3)`.execute(tx);
    });
  },

  /**
   * The months of these times, made now: a report dated in a month not made yet (a clock that
   * jumped, a partition dropped by hand) would otherwise fail its batch again and again.
   */
  async ensurePartitionsFor(times: Date[]): Promise<void> {
    const months = [...new Set(times.map((t) => t.toISOString().slice(0, 7)))];
    await db.transaction().execute(async (tx) => {
      await sql`SELECT pg_advisory_xact_lock(726002)`.execute(tx);
      for (const month of months) await sql`SELECT ensure_telemetry_partitions(${`${month}-01`}::date, 1)`.execute(tx);
    });
  },

  /** Drops monthly partitions that end before the retention horizon; returns their names. */
  async dropExpiredPartitions(): Promise<string[]> {
    const horizon = new Date(now());
    horizon.setUTCMonth(horizon.getUTCMonth() - TELEMETRY_RETENTION_MONTHS, 1);
    const stamp = `${horizon.getUTCFullYear()}${String(horizon.getUTCMonth() + 1).padStart(2, "0")}`;
    const { rows } = await sql<{ name: string }>`
      SELECT c.relname AS name FROM pg_inherits i
      JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_class p ON p.oid = i.inhparent
      WHERE p.relname = 'telemetry_snapshots' AND c.relname ~ '_[0-9]{6}$'
        AND right(c.relname, 6) < ${stamp}
        AND pg_table_is_visible(c.oid)`.execute(db);
    for (const { name } of rows) await sql`DROP TABLE IF EXISTS ${sql.id(name)}`.execute(db);
    return rows.map((r) => r.name);
  },

  /**
   * A broker that has just started has no sessions: nobody is connected to it, whatever the table
   * says from before a restart. Devices that are there reconnect within seconds and say so.
   */
  async markEveryDeviceOffline(): Promise<number> {
    const at = now();
    const result = await sql<{ id: string }>`
      WITH changed AS (
        UPDATE devices SET status = 'offline', updated_at = ${at} WHERE status <> 'offline' RETURNING id)
      INSERT INTO device_status_history (device_id, status, created_at)
      SELECT id, 'offline', ${at} FROM changed RETURNING device_id AS id`.execute(db);
    return result.rows.length;
  },

  async pruneDeadLetters(): Promise<number> {
    return createDeviceDeadLetterRepository(db).pruneOlderThan(new Date(now().getTime() - DEAD_LETTER_RETENTION_MS));
  },

  async pruneMessageIds(): Promise<number> {
    const before = new Date(now().getTime() - MESSAGE_ID_RETENTION_MS);
    return deleteInChunks(
      db,
      PRUNE_CHUNK,
      () => sql`
        DELETE FROM device_message_ids WHERE ctid = ANY(ARRAY(
          SELECT ctid FROM device_message_ids WHERE received_at < ${before} LIMIT ${PRUNE_CHUNK}))`,
    );
  },
});

export type LinkMaintenance = ReturnType<typeof createLinkMaintenance>;
