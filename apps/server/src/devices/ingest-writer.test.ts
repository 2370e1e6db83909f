import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Db } from "../db/open.ts";
import type { DeviceDirectory } from "./device-directory.ts";
import type { QueuedMessage } from "./ingest-item.ts";
import { createIngestWriter } from "./ingest-writer.ts";
import { createTrafficCounters } from "./traffic-counters.ts";

/**
 * The writer's batching, watched through the directory it asks once per batch. The directory
 * knows no device, so a batch ends there and the database is never reached; what is written is
 * the API tests' concern (device-link.test.ts).
 */
const setup = (options: { lookupMs: number; maxBatch?: number; highWater?: number }) => {
  const batches: { at: number; size: number }[] = [];
  const serialsWritten: string[] = [];
  const directory = {
    resolve: async (serials: Iterable<string>) => {
      const list = [...serials];
      serialsWritten.push(...list);
      batches.push({ at: performance.now(), size: list.length });
      await new Promise((resolve) => setTimeout(resolve, options.lookupMs));
      return new Map();
    },
    forget: () => {},
  } as DeviceDirectory;
  const counters = createTrafficCounters({ log: () => {} });
  const writer = createIngestWriter({
    db: {} as Db,
    directory,
    counters,
    inTransaction: async () => {},
    onCommitted: () => {},
    log: { warn: () => {} },
    maxDelayMs: 50,
    maxBatch: options.maxBatch ?? 500,
    ...(options.highWater ? { highWater: options.highWater } : {}),
  });
  let seq = 0;
  const message = (deviceId = "DEV-1", payload?: string): QueuedMessage => ({
    deviceId,
    topic: "status",
    payload: Buffer.from(payload ?? JSON.stringify({ v: 1, seq: ++seq, ts: 0, state: "online" })),
    receivedAt: 0,
  });
  return { writer, batches, message, serialsWritten, counters };
};

describe("ingest writer batching", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("writes a batch when its first message has waited the delay, also after a batch that took a while", async () => {
    const { writer, batches, message } = setup({ lookupMs: 20 });
    const start = performance.now();
    // One message a millisecond for 200 ms.
    for (let ms = 0; ms < 200; ms++) {
      writer.enqueue(message());
      await vi.advanceTimersByTimeAsync(1);
    }
    await vi.advanceTimersByTimeAsync(200);
    expect(batches.reduce((n, b) => n + b.size, 0)).toBe(200);
    // Each batch holds the delay's worth of traffic: not what came in while the previous one was written.
    expect(batches.map((b) => b.size)).toEqual([50, 50, 50, 50]);
    expect(batches.map((b) => Math.round(b.at - start))).toEqual([50, 100, 150, 200]);
  });

  it("has no room past its high-water mark until the queue has drained below it", async () => {
    const { writer, message } = setup({ lookupMs: 20, maxBatch: 2, highWater: 3 });
    writer.enqueue(message());
    writer.enqueue(message());
    expect(writer.hasRoom()).toBe(true);
    writer.enqueue(message());
    expect(writer.hasRoom()).toBe(false);
    let roomAt: number | null = null;
    const start = performance.now();
    void writer.room().then(() => {
      roomAt = performance.now() - start;
    });
    await vi.advanceTimersByTimeAsync(1);
    expect(roomAt).toBeNull();
    // The first batch (two messages, 20 ms) leaves one queued: below the mark.
    await vi.advanceTimersByTimeAsync(30);
    expect(roomAt).toBe(20);
    expect(writer.hasRoom()).toBe(true);
  });

  it("writes a full batch at once", async () => {
    const { writer, batches, message } = setup({ lookupMs: 5, maxBatch: 10 });
    for (let i = 0; i < 25; i++) writer.enqueue(message());
    await vi.advanceTimersByTimeAsync(12);
    expect(batches.map((b) => b.size)).toEqual([10, 10]);
    await vi.advanceTimersByTimeAsync(60);
    expect(batches.map((b) => b.size)).toEqual([10, 10, 5]);
  });

  it("writes everything queued when flushed, without waiting for the delay", async () => {
    const { writer, batches, message } = setup({ lookupMs: 0 });
    for (let i = 0; i < 3; i++) writer.enqueue(message());
    const flushed = writer.flush();
    await vi.advanceTimersByTimeAsync(0);
    await flushed;
    expect(batches.map((b) => b.size)).toEqual([3]);
    expect(writer.queued()).toBe(0);
  });

  it("writes a backlog of many batches once each and in order, while more arrives", async () => {
    const { writer, message, serialsWritten } = setup({ lookupMs: 1 });
    const sent: string[] = [];
    const send = (count: number) => {
      for (let i = 0; i < count; i++) {
        const id = `DEV-${sent.length}`;
        sent.push(id);
        writer.enqueue(message(id));
      }
    };
    send(12_345);
    for (let round = 0; round < 20; round++) {
      await vi.advanceTimersByTimeAsync(1);
      send(300);
    }
    await vi.advanceTimersByTimeAsync(500);
    expect(writer.queued()).toBe(0);
    expect(serialsWritten).toEqual(sent);
  });

  it("reads each message with its batch: bad JSON and a wrong schema are counted there and go no further", async () => {
    const { writer, message, serialsWritten, counters } = setup({ lookupMs: 0 });
    writer.enqueue(message("DEV-1"));
    writer.enqueue(message("DEV-2", "{not json"));
    writer.enqueue(message("DEV-3", JSON.stringify({ v: 1, seq: 1, ts: 0, state: "asleep" })));
    writer.enqueue(message("DEV-4"));
    const flushed = writer.flush();
    await vi.advanceTimersByTimeAsync(0);
    await flushed;
    expect(serialsWritten).toEqual(["DEV-1", "DEV-4"]);
    expect(counters.snapshot().dropped).toMatchObject({ badJson: 1, badSchema: 1, unknownDevice: 2 });
  });
});
