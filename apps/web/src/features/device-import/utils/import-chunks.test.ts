import { describe, expect, it } from "vitest";
import { addChunk, chunksOf, NO_TOTALS, percentOf } from "./import-chunks.ts";

describe("import in chunks", () => {
  it("splits rows into chunks of at most the given size", () => {
    expect(chunksOf([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunksOf([], 500)).toEqual([]);
    expect(chunksOf(Array.from({ length: 10_000 }), 500)).toHaveLength(20);
  });

  it("adds up what each chunk reports", () => {
    const a = { username: "HI1", password: "p1", issuedAt: "2026-11-23T10:00:00.000Z" };
    const b = { username: "HI2", password: "p2", issuedAt: "2026-11-23T10:00:01.000Z" };
    const first = addChunk(NO_TOTALS, 500, {
      imported: 498,
      skipped: 1,
      failed: [{ row: 9, reasons: [] }],
      credentials: [a],
    });
    const second = addChunk(first, 20, { imported: 20, skipped: 0, failed: [], credentials: [b] });
    expect(second).toEqual({
      done: 520,
      imported: 518,
      skipped: 1,
      failed: [{ row: 9, reasons: [] }],
      credentials: [a, b],
    });
  });

  it("shows 100 % only when every row is done", () => {
    expect(percentOf(0, 10_000)).toBe(0);
    expect(percentOf(9_999, 10_000)).toBe(99);
    expect(percentOf(10_000, 10_000)).toBe(100);
    expect(percentOf(0, 0)).toBe(0);
  });
});
