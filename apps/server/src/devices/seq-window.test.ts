import { describe, expect, it } from "vitest";
import {
  changedBytes,
  copySeqWindow,
  emptySeqWindow,
  SEQ_WINDOW,
  SEQ_WINDOW_BYTES,
  seqWindowOf,
  takeSeq,
} from "./seq-window.ts";

describe("seq window", () => {
  // Seqs as firmware without a stored counter makes them: its boot time in ms, times 1000.
  const base = 1_790_000_000_000 * 1000;

  it("takes each seq once, in order or not", () => {
    const window = emptySeqWindow();
    expect(takeSeq(window, base + 5)).toBe("new");
    expect(takeSeq(window, base + 3)).toBe("new");
    expect(takeSeq(window, base + 7)).toBe("new");
    expect(takeSeq(window, base + 6)).toBe("new");
    for (const seq of [5, 3, 7, 6]) expect(takeSeq(window, base + seq)).toBe("seen");
    expect(takeSeq(window, base + 4)).toBe("new");
    expect(window.top).toBe(base + 7);
  });

  it("forgets nothing it holds when the top moves by one at a time", () => {
    const window = emptySeqWindow();
    for (let seq = 0; seq < 3 * SEQ_WINDOW; seq++) expect(takeSeq(window, base + seq)).toBe("new");
    const top = base + 3 * SEQ_WINDOW - 1;
    for (let seq = top - SEQ_WINDOW + 1; seq <= top; seq++) expect(takeSeq(window, seq)).toBe("seen");
    expect(takeSeq(window, top - SEQ_WINDOW)).toBe("below");
  });

  it("does not take a skipped number for one that shared its bit a window lower", () => {
    const window = emptySeqWindow();
    takeSeq(window, base);
    takeSeq(window, base + 10);
    takeSeq(window, base + 10 + SEQ_WINDOW - 20);
    // Moving the top past base + SEQ_WINDOW clears base's bit: base is now below the window.
    expect(takeSeq(window, base + SEQ_WINDOW + 1)).toBe("new");
    expect(takeSeq(window, base)).toBe("below");
    // base + 1024 (base's bit) was skipped, not taken.
    expect(takeSeq(window, base + SEQ_WINDOW)).toBe("new");
    expect(takeSeq(window, base + 10)).toBe("seen");
    expect(takeSeq(window, base + 10 + SEQ_WINDOW - 20)).toBe("seen");
  });

  it("starts afresh after a jump of a window or more", () => {
    const window = emptySeqWindow();
    takeSeq(window, base);
    takeSeq(window, base + 1);
    expect(takeSeq(window, base + 1 + SEQ_WINDOW)).toBe("new");
    expect(takeSeq(window, base + 1)).toBe("below");
    // The old bits are gone: the number a window above base is new.
    expect(takeSeq(window, base + SEQ_WINDOW)).toBe("new");
    expect(takeSeq(window, base + 2)).toBe("new");
  });

  it("judges seq 0 and the largest seq the contract admits", () => {
    const window = emptySeqWindow();
    expect(takeSeq(window, 0)).toBe("new");
    expect(takeSeq(window, 0)).toBe("seen");
    expect(takeSeq(window, Number.MAX_SAFE_INTEGER)).toBe("new");
    expect(takeSeq(window, Number.MAX_SAFE_INTEGER)).toBe("seen");
    expect(takeSeq(window, Number.MAX_SAFE_INTEGER - 1)).toBe("new");
    expect(takeSeq(window, 0)).toBe("below");
  });

  it("reads a window back as stored, and drops a map of another width", () => {
    const window = emptySeqWindow();
    takeSeq(window, base + 1);
    const stored = seqWindowOf(window.top, Buffer.from(window.seen));
    expect(takeSeq(stored, base + 1)).toBe("seen");
    expect(stored.seen).toHaveLength(SEQ_WINDOW_BYTES);
    const other = seqWindowOf(base + 1, new Uint8Array(3).fill(255));
    expect(takeSeq(other, base + 1)).toBe("new");
  });
});

describe("what a batch changed in a window", () => {
  const base = 1_790_000_000_000 * 1000;

  it("is the run of bytes from the first that differs to the last, or nothing", () => {
    const window = emptySeqWindow();
    for (let seq = 0; seq < 100; seq++) takeSeq(window, base + seq);
    const before = copySeqWindow(window);
    expect(changedBytes(before.seen, window.seen)).toBeNull();
    takeSeq(window, base + 100);
    takeSeq(window, base + 101);
    const change = changedBytes(before.seen, window.seen);
    const bit = (base + 100) % SEQ_WINDOW;
    expect(change?.at).toBe(bit >> 3);
    // Applying the run to the map as it was gives the map as it is.
    const applied = new Uint8Array(before.seen);
    applied.set(change?.bytes ?? [], change?.at ?? 0);
    expect(applied).toEqual(window.seen);
  });

  it("spans the whole map where the bits wrap around, and is whole against a map of another width", () => {
    const window = emptySeqWindow();
    const start = base - (base % SEQ_WINDOW) + SEQ_WINDOW - 2;
    takeSeq(window, start);
    const before = copySeqWindow(window);
    // Bits 1023 (the last byte) and 1 (the first).
    takeSeq(window, start + 1);
    takeSeq(window, start + 3);
    const change = changedBytes(before.seen, window.seen);
    expect(change?.at).toBe(0);
    expect(change?.bytes.length).toBe(SEQ_WINDOW_BYTES);
    expect(changedBytes(new Uint8Array(0), window.seen)?.bytes).toEqual(window.seen);
  });

  it("copies a window, also one held in a Buffer, so judging the copy leaves the original as it was", () => {
    const kept = seqWindowOf(base + 5, Buffer.alloc(SEQ_WINDOW_BYTES));
    const copy = copySeqWindow(kept);
    takeSeq(copy, base + 6);
    expect(kept.top).toBe(base + 5);
    expect(kept.seen.every((b) => b === 0)).toBe(true);
  });
});
