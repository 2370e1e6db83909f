import { PROTOCOL_VERSION } from "@vrf/contract/device/protocol.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDeviceDirectoryRepository, type DeviceRef } from "../src/devices/device-directory.repository.ts";
import { writeIngestBatch } from "../src/devices/ingest.repository.ts";
import type { IngestItem } from "../src/devices/ingest-item.ts";
import { createIngestMemory, type IngestMemory } from "../src/devices/ingest-memory.ts";
import { SEQ_WINDOW } from "../src/devices/seq-window.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";
import { TEST_NOW } from "./helpers/test-defaults.ts";

/**
 * The duplicate check of the batch writer (seen-messages.repository, decision 0005): each
 * device's window of recent seqs, and the table of ids for what the window cannot judge.
 */
let t: TestApp;
let devices: DeviceRef[];

beforeAll(async () => {
  t = await createTestApp();
  const serials = (
    await t.db
      .selectFrom("devices")
      .where("kind", "=", "himit")
      .orderBy("id")
      .select("serial_number")
      .limit(4)
      .execute()
  ).map((r) => r.serial_number);
  devices = await createDeviceDirectoryRepository(t.db).findBySerials(serials);
  expect(devices).toHaveLength(4);
});
afterAll(() => t?.close());

const device = (n: number) => devices[n] as DeviceRef;
const at = new Date(TEST_NOW);
const status = (on: DeviceRef, seq: number): IngestItem => ({
  deviceId: on.serialNumber,
  device: on,
  topic: "status",
  message: { v: PROTOCOL_VERSION, seq, ts: at.getTime(), state: "online" },
  receivedAt: at,
  bytes: 60,
  payload: Buffer.alloc(60),
});
const online = (on: DeviceRef, seq: number, connected: boolean): IngestItem => ({
  deviceId: on.serialNumber,
  device: on,
  topic: "online",
  message: { v: PROTOCOL_VERSION, seq, ts: at.getTime(), online: connected },
  receivedAt: at,
  bytes: 60,
  payload: Buffer.alloc(60),
});

const write = (items: IngestItem[], memory: IngestMemory) =>
  t.db.transaction().execute((tx) => writeIngestBatch(tx, items, memory));

/** The seqs a batch wrote, per device. */
const seqsOf = (items: IngestItem[]) => items.map((i) => `${i.device.id}:${i.message.seq}`).sort();

const windowOf = async (on: DeviceRef) =>
  t.db.selectFrom("device_seq_windows").where("device_id", "=", on.id).select("top").executeTakeFirst();

describe("the duplicate check", () => {
  it("takes each message once when two writers are handed the same messages at once", async () => {
    const base = 7_000_000;
    const round = (from: number) =>
      [device(0), device(1), device(2)].flatMap((on) =>
        Array.from({ length: 30 }, (_, k) => status(on, base + from + k)),
      );
    const a = createIngestMemory();
    const b = createIngestMemory();
    // The first round meets the devices' windows for the first time; the second reads them.
    for (const from of [0, 30]) {
      const items = round(from);
      const [first, second] = await Promise.all([write(items, a), write([...items].reverse(), b)]);
      expect(seqsOf([...first.written, ...second.written])).toEqual(seqsOf(items));
      expect(first.duplicates + second.duplicates).toBe(items.length);
    }
    for (const n of [0, 1, 2]) expect(Number((await windowOf(device(n)))?.top)).toBe(base + 59);
  });

  it("drops a copy anywhere in the window, and judges by the ids what lies below it", async () => {
    const on = device(3);
    const memory = createIngestMemory();
    const base = 9_000_000;
    // Connected with seq base, its last will reserved at base - 1 (device-protocol.md).
    const connected = online(on, base, true);
    expect((await write([connected], memory)).written).toHaveLength(1);
    const reports = Array.from({ length: 1_200 }, (_, k) => status(on, base + 1 + k));
    for (let from = 0; from < reports.length; from += 400) {
      const batch = reports.slice(from, from + 400);
      expect((await write(batch, memory)).written).toHaveLength(batch.length);
    }
    const top = base + 1_200;
    expect(Number((await windowOf(on))?.top)).toBe(top);

    // Copies of the newest, of one in the middle and of the oldest the window still holds.
    const copies = [top, top - 500, top - SEQ_WINDOW + 1].map((seq) => status(on, seq));
    const again = await write(copies, memory);
    expect(again.written).toHaveLength(0);
    expect(again.duplicates).toBe(3);

    // The broker replays the retained online message to each new subscription, long after its
    // seq left the window; the last will comes with a seq far below it. The ids judge both.
    const replayed = await write([connected, online(on, base - 1, false)], memory);
    expect(seqsOf(replayed.written)).toEqual(seqsOf([online(on, base - 1, false)]));
    expect(replayed.duplicates).toBe(1);
    const willAgain = await write([online(on, base - 1, false)], memory);
    expect(willAgain.written).toHaveLength(0);
  });

  it("takes one of two copies in one batch, by the window and by the ids", async () => {
    const on = device(0);
    const memory = createIngestMemory();
    const seq = 7_500_000;
    const result = await write(
      [status(on, seq), online(on, seq + 1, true), status(on, seq), online(on, seq + 1, true)],
      memory,
    );
    expect(seqsOf(result.written)).toEqual(seqsOf([status(on, seq), online(on, seq + 1, true)]));
    expect(result.duplicates).toBe(2);
  });

  it("judges a device's first batch by the ids written before its window existed too", async () => {
    const on = device(1);
    const seq = 8_000_000;
    await t.db.deleteFrom("device_seq_windows").where("device_id", "=", on.id).execute();
    await t.db.insertInto("device_message_ids").values({ device_id: on.id, seq, received_at: at }).execute();
    const result = await write([status(on, seq), status(on, seq + 1)], createIngestMemory());
    expect(seqsOf(result.written)).toEqual(seqsOf([status(on, seq + 1)]));
    expect(result.duplicates).toBe(1);
    // Its window now holds both: the copy is dropped by it from here on.
    expect((await write([status(on, seq)], createIngestMemory())).duplicates).toBe(1);
  });

  it("makes no window for a device deleted after it was resolved, and writes the rest of the batch", async () => {
    const gone = { ...device(2), id: 999_999_999 };
    const result = await write([status(gone, 1), status(device(2), 7_100_000)], createIngestMemory());
    expect(seqsOf(result.written)).toContain(seqsOf([status(device(2), 7_100_000)])[0]);
    expect(await windowOf(gone)).toBeUndefined();
  });
});
