import { type Kysely, sql } from "kysely";
import { binaryArray, binaryArrayOf } from "../db/binary-array.ts";
import type { Database } from "../db/schema.ts";
import type { IngestItem } from "./ingest-item.ts";
import { emptySeqWindow, type SeqWindow, seqWindowOf, takeSeq } from "./seq-window.ts";

type Tx = Kysely<Database>;

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
 */
export const keepUnseen = async (
  tx: Tx,
  items: IngestItem[],
  /** Devices whose window this writer has read: it exists, and need not be made. */
  knownWindows: Set<number>,
): Promise<{
  accepted: IngestItem[];
  duplicates: number;
  /** The windows' update, issued and not yet answered: the caller awaits it with its own statements. */
  windowsWritten: Promise<unknown>;
}> => {
  const devices = [...new Set(items.map((i) => i.device.id))].sort((a, b) => a - b);
  const unknown = devices.filter((id) => !knownWindows.has(id));
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
    sql<{ device_id: string; top: string; seen: Uint8Array }>`
      SELECT device_id, top, seen FROM device_seq_windows
      WHERE device_id = ANY(${binaryArray("bigint", devices)}::bigint[])
      ORDER BY device_id FOR UPDATE`.execute(tx),
  ]);
  const made = new Set(madeRows.rows.map((r) => Number(r.device_id)));
  const windows = new Map<number, SeqWindow>();
  for (const row of locked.rows) windows.set(Number(row.device_id), seqWindowOf(Number(row.top), row.seen));
  // A device deleted since it was resolved has no row: its messages are judged by the table
  // alone (nothing is written for a device that is gone, but the batch must not fail over it).
  const stored = new Set(windows.keys());
  for (const id of devices) {
    if (stored.has(id)) knownWindows.add(id);
    else {
      knownWindows.delete(id);
      windows.set(id, emptySeqWindow());
    }
  }

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
  const rows = changed.map((id) => windows.get(id) as SeqWindow);
  const windowsWritten =
    changed.length === 0
      ? Promise.resolve()
      : sql`
          UPDATE device_seq_windows w SET top = v.top, seen = v.seen
          FROM unnest(${binaryArray("bigint", changed)}::bigint[], ${binaryArrayOf(rows, "bigint", (r) => r.top)}::bigint[],
            ${binaryArrayOf(rows, "bytea", (r) => r.seen)}::bytea[]) AS v(device_id, top, seen)
          WHERE w.device_id = v.device_id`.execute(tx);

  // Reported where it is awaited; this only keeps a batch that fails before then from leaving it unheard.
  windowsWritten.catch(() => {});
  const accepted = items.filter((_, at) => taken[at]);
  return { accepted, duplicates: items.length - accepted.length, windowsWritten };
};
