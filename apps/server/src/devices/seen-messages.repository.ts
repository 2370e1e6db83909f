import { type Kysely, sql } from "kysely";
import { binaryArray, binaryArrayOf } from "../db/binary-array.ts";
import type { Database } from "../db/schema.ts";
import type { IngestItem } from "./ingest-item.ts";
import {
  changedBytes,
  copySeqWindow,
  emptySeqWindow,
  SEQ_WINDOW_BYTES,
  type SeqWindow,
  seqWindowOf,
  takeSeq,
} from "./seq-window.ts";

type Tx = Kysely<Database>;

/** A window as this writer last committed it, with the version that commit gave it (migration 0023). */
export interface KeptWindow {
  version: number;
  window: SeqWindow;
}

/**
 * Drops, inside the batch's transaction, the messages already taken: QoS 1 redelivers, and two
 * instances may each be handed a copy (decision 0005). Returns the rest in arrival order.
 *
 * Each device's window of recent seqs (seq-window.ts, `device_seq_windows`) is locked for the
 * transaction, in device order, judged here and written back: the check and the write commit
 * together, so of two instances holding copies one takes them and the other, waiting on the
 * lock, sees them taken. The table of ids (`device_message_ids`) judges what a window cannot:
 * - `online` messages: the broker replays the retained one to every new subscription (each
 *   restart of an instance) long after its seq has left the window. They are a device's few
 *   connects and last wills, so the table stays small.
 * - a seq below its device's window (a copy later than the window is wide, or a device's
 *   counter set back).
 * - the messages of a device whose window this batch made: ids written before the windows were
 *   (migration 0022) are still in the table for a day.
 * A window this writer committed and still holds at the same version is not read back, and each
 * window's update carries only the bytes the batch changed (migration 0023).
 */
export const keepUnseen = async (
  tx: Tx,
  items: IngestItem[],
  /**
   * The windows this writer committed, by device: such a window exists, and while its version is
   * the same in the database it is not read back. Changed only through `remember`.
   */
  kept: Map<number, KeptWindow>,
): Promise<{
  accepted: IngestItem[];
  duplicates: number;
  /** The windows' update, issued and not yet answered: the caller awaits it with its own statements. */
  windowsWritten: Promise<unknown>;
  /** Once the batch committed: keeps the windows as written. */
  remember: () => void;
}> => {
  const devices = [...new Set(items.map((i) => i.device.id))].sort((a, b) => a - b);
  const unknown = devices.filter((id) => !kept.has(id));
  // Made first and then locked with the rest: two instances meeting a device for the first time
  // wait on one row, not each on a window of its own. Issued together (one round trip when pipelined).
  const [madeRows, locked] = await Promise.all([
    unknown.length === 0
      ? { rows: [] }
      : sql<{ device_id: string }>`
          INSERT INTO device_seq_windows (device_id)
          SELECT v.id FROM unnest(${binaryArray("bigint", unknown)}::bigint[]) AS v(id)
          -- Not for a device deleted since it was resolved (read, not locked: no foreign key).
          WHERE EXISTS (SELECT 1 FROM devices d WHERE d.id = v.id)
          ON CONFLICT DO NOTHING RETURNING device_id`.execute(tx),
    // A window this writer holds at the same version comes back without its map. Locked in device
    // order; a row another transaction changed meanwhile is read as that one left it.
    sql<{ device_id: string; version: string; top: string | null; seen: Uint8Array | null }>`
      SELECT w.device_id, w.version,
        CASE WHEN w.version = k.version THEN NULL ELSE w.top END AS top,
        CASE WHEN w.version = k.version THEN NULL ELSE w.seen END AS seen
      FROM unnest(${binaryArray("bigint", devices)}::bigint[],
        ${binaryArrayOf(devices, "bigint", (id) => kept.get(id)?.version ?? -1)}::bigint[]) AS k(device_id, version)
      JOIN device_seq_windows w ON w.device_id = k.device_id
      ORDER BY w.device_id FOR UPDATE OF w`.execute(tx),
  ]);
  const made = new Set(madeRows.rows.map((r) => Number(r.device_id)));
  /** Each stored window as it stands before this batch (its map, what the update is measured against) and its version. */
  const before = new Map<number, { version: number; seen: Uint8Array }>();
  const windows = new Map<number, SeqWindow>();
  for (const row of locked.rows) {
    const id = Number(row.device_id);
    const version = Number(row.version);
    const held = kept.get(id);
    const window =
      row.seen === null && held
        ? copySeqWindow(held.window)
        : seqWindowOf(Number(row.top), row.seen ?? new Uint8Array(0));
    // A map of another width (none is written) is replaced whole.
    before.set(id, {
      version,
      // A copy (a Buffer's slice() would share the bytes the batch changes).
      seen: row.seen === null || row.seen.length === SEQ_WINDOW_BYTES ? new Uint8Array(window.seen) : new Uint8Array(0),
    });
    windows.set(id, window);
  }
  // A device deleted since it was resolved has no row: its messages are judged by the table
  // alone (nothing is written for a device that is gone, but the batch must not fail over it).
  const stored = new Set(windows.keys());
  for (const id of devices) if (!stored.has(id)) windows.set(id, emptySeqWindow());

  // Judged in arrival order: of copies in one batch the first is taken.
  const taken: boolean[] = new Array(items.length);
  const toTable: number[] = [];
  const moved = new Set<number>();
  items.forEach((item, at) => {
    const id = item.device.id;
    if (item.topic === "online") {
      toTable.push(at);
      return;
    }
    const verdict = takeSeq(windows.get(id) as SeqWindow, item.message.seq);
    if (verdict === "new" && stored.has(id)) moved.add(id);
    taken[at] = verdict === "new";
    if (verdict === "below" || (verdict === "new" && (made.has(id) || !stored.has(id)))) toTable.push(at);
  });

  if (toTable.length > 0) {
    const asked = [...toTable].sort(
      (a, b) =>
        (items[a] as IngestItem).device.id - (items[b] as IngestItem).device.id ||
        (items[a] as IngestItem).message.seq - (items[b] as IngestItem).message.seq,
    );
    const rows = asked.map((at) => items[at] as IngestItem);
    const fresh = await sql<{ device_id: string; seq: string }>`
      INSERT INTO device_message_ids (device_id, seq, received_at)
      SELECT * FROM unnest(${binaryArrayOf(rows, "bigint", (i) => i.device.id)}::bigint[],
        ${binaryArrayOf(rows, "bigint", (i) => i.message.seq)}::bigint[],
        ${binaryArrayOf(rows, "timestamptz", (i) => i.receivedAt)}::timestamptz[])
      ON CONFLICT DO NOTHING RETURNING device_id, seq`.execute(tx);
    const freshKeys = new Set(fresh.rows.map((r) => `${r.device_id}:${r.seq}`));
    // Each of these is taken if the table took it; a key twice among them was inserted once, and
    // only its first copy counts.
    for (const at of toTable) {
      const item = items[at] as IngestItem;
      taken[at] = freshKeys.delete(`${item.device.id}:${item.message.seq}`);
    }
  }

  const changed = [...moved].sort((a, b) => a - b);
  // Only the bytes each window's messages changed (seq-window.ts); the version moves with them.
  const patches = changed.map((id) => {
    const window = windows.get(id) as SeqWindow;
    const patch = changedBytes((before.get(id) as { seen: Uint8Array }).seen, window.seen);
    return { id, top: window.top, at: patch?.at ?? 0, bytes: patch?.bytes ?? new Uint8Array(0) };
  });
  const windowsWritten =
    changed.length === 0
      ? Promise.resolve()
      : sql`
          UPDATE device_seq_windows w SET top = v.top, version = w.version + 1,
            seen = CASE WHEN length(w.seen) = ${sql.lit(SEQ_WINDOW_BYTES)} THEN overlay(w.seen PLACING v.bytes FROM v.at + 1)
                        ELSE v.bytes END
          FROM unnest(${binaryArray("bigint", changed)}::bigint[], ${binaryArrayOf(patches, "bigint", (p) => p.top)}::bigint[],
            ${binaryArrayOf(patches, "integer", (p) => p.at)}::integer[], ${binaryArrayOf(patches, "bytea", (p) => p.bytes)}::bytea[])
            AS v(device_id, top, at, bytes)
          WHERE w.device_id = v.device_id`.execute(tx);
  // Reported where it is awaited; this only keeps a batch that fails before then from leaving it unheard.
  windowsWritten.catch(() => {});

  const remember = () => {
    for (const id of devices) {
      const read = before.get(id);
      if (!read) {
        kept.delete(id);
        continue;
      }
      kept.set(id, { version: moved.has(id) ? read.version + 1 : read.version, window: windows.get(id) as SeqWindow });
    }
  };
  const accepted = items.filter((_, at) => taken[at]);
  return { accepted, duplicates: items.length - accepted.length, windowsWritten, remember };
};
