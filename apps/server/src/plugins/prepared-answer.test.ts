import { describe, expect, it } from "vitest";
import { createAnswerCache } from "./prepared-answer.ts";

/** An answer of about `bytes` bytes of JSON, counting how often it was built. */
const builder = (bytes: number) => {
  let builds = 0;
  return {
    build: async () => {
      builds++;
      return "x".repeat(bytes);
    },
    get builds() {
      return builds;
    },
  };
};

describe("the answer cache", () => {
  it("keeps an answer for its version only", async () => {
    const cache = createAnswerCache({ maxEntries: 10 });
    const b = builder(10);
    const first = await cache.get("k", "1", b.build);
    expect(await cache.get("k", "1", b.build)).toBe(first);
    expect(b.builds).toBe(1);
    const next = await cache.get("k", "2", b.build);
    expect(next).not.toBe(first);
    expect(next.etag).not.toBe(first.etag);
    expect(b.builds).toBe(2);
    expect(cache.size).toBe(1);
  });

  it("lets the least recently used go first, by count and by bytes", async () => {
    const cache = createAnswerCache({ maxEntries: 3, maxTotalBytes: 1_200 });
    const b = builder(300);
    for (const key of ["a", "b", "c"]) await cache.get(key, "1", b.build);
    await cache.get("a", "1", b.build); // a used again: b is now the oldest
    await cache.get("d", "1", b.build); // the fourth: b goes
    expect(cache.size).toBe(3);
    expect(cache.bytes).toBeLessThanOrEqual(1_200);
    const built = b.builds;
    await cache.get("a", "1", b.build);
    expect(b.builds).toBe(built);
    await cache.get("b", "1", b.build);
    expect(b.builds).toBe(built + 1);
  });

  it("lets answers go by bytes when they would pass the total", async () => {
    const cache = createAnswerCache({ maxEntries: 100, maxTotalBytes: 1_200 });
    const b = builder(500);
    for (const key of ["a", "b", "c"]) await cache.get(key, "1", b.build);
    // Three answers of over 500 bytes each: only two fit under 1,200.
    expect(cache.size).toBe(2);
    expect(cache.bytes).toBeLessThanOrEqual(1_200);
    await cache.get("a", "1", b.build);
    expect(b.builds).toBe(4);
  });

  it("sends an answer over the size limit without keeping it", async () => {
    const cache = createAnswerCache({ maxEntries: 10, maxBytes: 100 });
    const b = builder(500);
    const big = await cache.get("big", "1", b.build);
    expect(big.json.length).toBeGreaterThan(500);
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
  });
});
