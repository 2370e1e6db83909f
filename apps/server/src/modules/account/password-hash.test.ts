import { describe, expect, it } from "vitest";
import { hashingLoad, hashPassword, MAX_CONCURRENT_HASHES, verifyPassword } from "./password-hash.ts";

// Enough work per derivation (16 MiB, tens of ms) that the calls below overlap.
const COST = 14;

/** Runs `work`, sampling the load on every turn of the event loop until it settles. */
const watch = async <T>(work: Promise<T>) => {
  let peakRunning = 0;
  let peakWaiting = 0;
  let settled = false;
  const done = work.finally(() => {
    settled = true;
  });
  while (!settled) {
    const { running, waiting } = hashingLoad();
    peakRunning = Math.max(peakRunning, running);
    peakWaiting = Math.max(peakWaiting, waiting);
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { result: await done, peakRunning, peakWaiting };
};

describe("password hashing", () => {
  it(`derives at most ${MAX_CONCURRENT_HASHES} keys at once and queues the rest`, async () => {
    const stored = await hashPassword("known password", COST);
    const { result, peakRunning, peakWaiting } = await watch(
      Promise.all([
        ...Array.from({ length: 5 }, (_, i) => hashPassword(`password ${i}`, COST)),
        verifyPassword("known password", stored),
        verifyPassword("wrong password", stored),
      ]),
    );
    expect(peakRunning).toBe(MAX_CONCURRENT_HASHES);
    expect(peakWaiting).toBe(7 - MAX_CONCURRENT_HASHES);
    // Queued or not, every call still gets its own answer.
    expect(result.slice(5)).toEqual([true, false]);
    for (const [i, hash] of result.slice(0, 5).entries()) {
      expect(await verifyPassword(`password ${i}`, hash as string)).toBe(true);
    }
    expect(hashingLoad()).toEqual({ running: 0, waiting: 0 });
  });

  it("gives the turn back when a derivation fails", async () => {
    // N must be a power of two: scrypt refuses this stored string.
    const broken = `scrypt$1000$8$1$${Buffer.alloc(16).toString("base64")}$${Buffer.alloc(32).toString("base64")}`;
    const results = await Promise.allSettled(Array.from({ length: 4 }, () => verifyPassword("x", broken)));
    expect(results.every((r) => r.status === "rejected")).toBe(true);
    expect(hashingLoad()).toEqual({ running: 0, waiting: 0 });
    expect(await verifyPassword("known", await hashPassword("known", COST))).toBe(true);
  });

  it("keeps OWASP's parameters by default", async () => {
    expect(await hashPassword("Demo1234")).toMatch(/^scrypt\$131072\$8\$1\$/);
  });
});
