import { describe, expect, it } from "vitest";
import { createMemoryLimiter } from "./limiter.ts";

describe("in-process limiter", () => {
  it("allows max hits per window, then tells how long to wait, then opens a new window", async () => {
    let now = 1_000_000;
    const limiter = createMemoryLimiter(() => now);
    for (let i = 0; i < 3; i++)
      expect(await limiter.hit("k", 3, 60_000)).toEqual({ allowed: true, retryAfterSeconds: 0 });
    now += 20_500;
    expect(await limiter.hit("k", 3, 60_000)).toEqual({ allowed: false, retryAfterSeconds: 40 });
    // Other keys have their own counters.
    expect((await limiter.hit("other", 3, 60_000)).allowed).toBe(true);
    now += 39_500;
    expect(await limiter.hit("k", 3, 60_000)).toEqual({ allowed: true, retryAfterSeconds: 0 });
  });

  it("keeps a bounded number of keys, dropping expired windows and then the oldest", async () => {
    let now = 0;
    const limiter = createMemoryLimiter(() => now, 10);
    // "old" is full and its window is still open.
    expect((await limiter.hit("old", 1, 1_000_000)).allowed).toBe(true);
    expect((await limiter.hit("old", 1, 1_000_000)).allowed).toBe(false);
    for (let i = 0; i < 9; i++) await limiter.hit(`short-${i}`, 1, 10);
    now = 100;
    // The short windows have ended: making room drops them and keeps "old".
    await limiter.hit("new-0", 1, 1_000_000);
    expect((await limiter.hit("old", 1, 1_000_000)).allowed).toBe(false);
    // Full of open windows: the oldest opened ("old") goes first and starts afresh.
    for (let i = 1; i < 10; i++) await limiter.hit(`new-${i}`, 1, 1_000_000);
    await limiter.hit("newest", 1, 1_000_000);
    expect((await limiter.hit("old", 1, 1_000_000)).allowed).toBe(true);
  });
});
