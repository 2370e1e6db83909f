/**
 * A device's recent sequence numbers: the highest one taken (`top`) and which of the
 * `SEQ_WINDOW` numbers up to it were taken, one bit each. A copy of a message (QoS 1
 * redelivery, two instances of the portal each handed one) is recognised while its seq is
 * within the window; a seq below it cannot be judged here and goes to the table of ids
 * (ingest.repository). Messages of one device may arrive out of order (several sessions of a
 * shared subscription, several instances): any order within the window is fine.
 *
 * The bit of seq s sits at s mod SEQ_WINDOW, so moving the top clears only the bits of the
 * numbers skipped, instead of shifting the whole map.
 *
 * How wide: a copy comes late when the instance that had it died before acknowledging it and the
 * broker hands it to another one once it notices, 1.5 keep-alives later (45 s with the gateway's
 * 30); at the flood guard's 20 msg/s a device moves 900 seqs in that time, at its usual few a
 * second a few hundred. 1,024 bits are 128 bytes a device.
 */
export const SEQ_WINDOW = 1_024;
export const SEQ_WINDOW_BYTES = SEQ_WINDOW / 8;

export interface SeqWindow {
  /** The highest seq taken; -1 before the first. */
  top: number;
  /** `SEQ_WINDOW_BYTES` bytes. */
  seen: Uint8Array;
}

/** New: taken now. Seen: a copy. Below: older than the window can tell. */
export type SeqVerdict = "new" | "seen" | "below";

export const emptySeqWindow = (): SeqWindow => ({ top: -1, seen: new Uint8Array(SEQ_WINDOW_BYTES) });

/**
 * A window as the database returned it (a Buffer with node-postgres, a Uint8Array with PGlite):
 * its bytes are the window's own from here on.
 */
export const seqWindowOf = (top: number, seen: Uint8Array): SeqWindow =>
  // A map of another width (none today) is dropped rather than misread.
  seen.length === SEQ_WINDOW_BYTES ? { top, seen } : { top, seen: new Uint8Array(SEQ_WINDOW_BYTES) };

/** A copy to judge a batch on, so the window a writer keeps stays as committed until its batch is. */
export const copySeqWindow = (window: SeqWindow): SeqWindow => ({
  top: window.top,
  // A copy, also of a Buffer (whose slice() would share the bytes).
  seen: new Uint8Array(window.seen),
});

/**
 * Where `after` differs from `before`: the first and last bytes that differ and everything
 * between, or null when nothing does. A batch moves each device a few seqs, so its windows'
 * updates carry a byte or two each rather than all 128 (the bits of consecutive seqs are next to
 * each other, except where the map wraps around, and then the run is the whole map).
 */
export const changedBytes = (before: Uint8Array, after: Uint8Array): { at: number; bytes: Uint8Array } | null => {
  let first = 0;
  while (first < after.length && before[first] === after[first]) first++;
  if (first === after.length && before.length === after.length) return null;
  let last = after.length - 1;
  while (last > first && before[last] === after[last]) last--;
  return { at: first, bytes: after.subarray(first, last + 1) };
};

const bitOf = (seq: number) => seq % SEQ_WINDOW;
const isSet = (window: SeqWindow, seq: number) => {
  const bit = bitOf(seq);
  return ((window.seen[bit >> 3] as number) & (1 << (bit & 7))) !== 0;
};
const set = (window: SeqWindow, seq: number) => {
  const bit = bitOf(seq);
  window.seen[bit >> 3] = (window.seen[bit >> 3] as number) | (1 << (bit & 7));
};
const clear = (window: SeqWindow, seq: number) => {
  const bit = bitOf(seq);
  window.seen[bit >> 3] = (window.seen[bit >> 3] as number) & ~(1 << (bit & 7));
};

/** Judges `seq` against the window and, when it is new, takes it (the window changes). */
export const takeSeq = (window: SeqWindow, seq: number): SeqVerdict => {
  if (seq > window.top) {
    if (window.top < 0 || seq - window.top >= SEQ_WINDOW) window.seen.fill(0);
    // The numbers skipped share their bits with numbers a window lower: those leave it now.
    else for (let skipped = window.top + 1; skipped < seq; skipped++) clear(window, skipped);
    window.top = seq;
    set(window, seq);
    return "new";
  }
  if (seq <= window.top - SEQ_WINDOW) return "below";
  if (isSet(window, seq)) return "seen";
  set(window, seq);
  return "new";
};
