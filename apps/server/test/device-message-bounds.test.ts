import { DEVICE_TIME_RANGE } from "@vrf/contract/device/protocol.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { IngestItem } from "../src/devices/ingest-item.ts";
import type { DropReason } from "../src/devices/traffic-counters.ts";
import {
  type ConnectedChecker,
  connectStandbyChecker,
  type SeededChecker,
  seededCheckers,
} from "./helpers/seeded-checkers.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

/**
 * Device messages the database cannot store are refused by their schema (or, for a task that is
 * not the sender's, by the writer), so they never reach a batch's statements: before, each of
 * them made PostgreSQL refuse the whole batch, and the device's next message with it. Every case
 * sends the poison, then a good message from the same device, and finds the good one stored.
 */

const CREATE = "/hmt-web/himit-checker/tasks/create";
const GET = "/hmt-web/himit-checker/tasks/get";

let t: TestApp;
let port: number;
let engineer: string;
let checkers: SeededChecker[];
let seq = 90_000;
const nextSeq = () => ++seq;

beforeAll(async () => {
  // Batches of 200 ms, in one lane, so that what two checkers send at once is written together.
  t = await createTestApp({ deviceLink: { writer: { maxDelayMs: 200, lanes: 1 } } });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  port = t.app.deviceLink?.brokerPort as number;
  engineer = await t.moduleToken("checker@example.com", 5);
  checkers = await seededCheckers(t, "Demo Distributor", 5);
});
afterAll(() => t?.close());

const dropped = () => ({ ...(t.app.deviceLink?.counters.snapshot().dropped as Record<DropReason, number>) });

/** Waits until `reason` counted `count` more drops than `before`, and checks no other reason moved. */
const expectDropped = async (before: Record<DropReason, number>, reason: DropReason, count = 1) => {
  await expect.poll(() => dropped()[reason], { timeout: 5_000 }).toBe(before[reason] + count);
  expect(dropped()).toEqual({ ...before, [reason]: before[reason] + count });
};

const online = (checker: SeededChecker): Promise<ConnectedChecker> => connectStandbyChecker(t, port, checker, nextSeq);

const firmwareOf = async (id: number) =>
  (await t.db.selectFrom("devices").where("id", "=", id).select("firmware").executeTakeFirstOrThrow()).firmware;

const taskOf = async (id: string) => {
  const res = await t.get<{ status: string; frameCount: number }>(GET, { id }, engineer);
  expect(res.body.errorCode).toBe(0);
  return res.body.data;
};

const framesOf = async (taskId: string) =>
  (
    await t.db.selectFrom("capture_frames").where("task_id", "=", taskId).select(["n", "raw"]).orderBy("n").execute()
  ).map((f) => [Number(f.n), Buffer.from(f.raw).toString("hex")]);

/** The command the checker got last, once it is there. */
const command = async (device: ConnectedChecker, count: number) => {
  await expect.poll(() => device.commands.length).toBe(count);
  return device.commands[count - 1] as { cmdId: string; type: string };
};

/** A capture task created for the checker: its start command, not yet acknowledged. */
const createCapture = async (checker: SeededChecker, device: ConnectedChecker) => {
  const commandsBefore = device.commands.length;
  const res = await t.post<{ id: string }>(
    CREATE,
    {
      deviceId: checker.id,
      name: "Bus check",
      kind: "capture",
      intervalS: 60,
      endAt: t.clock.now().getTime() + 3_600_000,
      notes: "",
    },
    engineer,
  );
  expect(res.body.errorCode).toBe(0);
  const start = await command(device, commandsBefore + 1);
  expect(start.type).toBe("taskStart");
  return { taskId: res.body.data.id, cmdId: start.cmdId };
};

/** A capture task running on the checker. */
const runningCapture = async (checker: SeededChecker, device: ConnectedChecker) => {
  const { taskId, cmdId } = await createCapture(checker, device);
  await device.publish("ack", { cmdId, result: "ok" }, nextSeq());
  await expect.poll(async () => (await taskOf(taskId)).status).toBe("running");
  return taskId;
};

describe("device messages the database could not store", () => {
  it("refuses an online message whose firmware holds a NUL, and takes the next one", async () => {
    const checker = checkers[0] as SeededChecker;
    const device = await online(checker);
    const before = dropped();
    await device.publish("online", { online: true, firmware: "V2.0\u0000" }, nextSeq());
    await expectDropped(before, "badSchema");
    await device.publish("online", { online: true, firmware: "V2.0.1" }, nextSeq());
    await expect.poll(() => firmwareOf(checker.id)).toBe("V2.0.1");
    await device.client.endAsync();
  });

  it("refuses an ack whose reason holds a NUL, and takes the next ack of the same command", async () => {
    const checker = checkers[1] as SeededChecker;
    const device = await online(checker);
    const { taskId, cmdId } = await createCapture(checker, device);
    const before = dropped();
    await device.publish("ack", { cmdId, result: "failed", reason: "bus\u0000busy" }, nextSeq());
    await expectDropped(before, "badSchema");
    expect((await taskOf(taskId)).status).toBe("starting");
    await device.publish("ack", { cmdId, result: "ok" }, nextSeq());
    await expect.poll(async () => (await taskOf(taskId)).status).toBe("running");
    const stored = await t.db
      .selectFrom("device_commands")
      .where("id", "=", cmdId)
      .select(["status", "reason"])
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ status: "confirmed", reason: null });
    await device.client.endAsync();
  });

  it("refuses a capture frame dated past what a date holds, and takes the next frames", async () => {
    const checker = checkers[2] as SeededChecker;
    const device = await online(checker);
    const taskId = await runningCapture(checker, device);
    // The device's clock agrees with the portal's, so its frames keep their own times.
    const ts = t.clock.now().getTime();
    const before = dropped();
    // Past the year 275760, the last a JavaScript date (and so the frame's row) can hold.
    await device.publish("capture", { ts, taskId, frames: [{ at: 8.64e15 + 1, hex: "aa01" }] }, nextSeq());
    // Past 2100: a date the database holds, but no device clock that is right says it.
    await device.publish(
      "capture",
      { ts, taskId, frames: [{ at: DEVICE_TIME_RANGE.max + 1, hex: "aa02" }] },
      nextSeq(),
    );
    await expectDropped(before, "badSchema", 2);
    await device.publish("capture", { ts, taskId, frames: [{ at: ts - 500, hex: "aa03" }] }, nextSeq());
    await expect.poll(() => framesOf(taskId)).toEqual([[1, "aa03"]]);
    const frame = await t.db
      .selectFrom("capture_frames")
      .where("task_id", "=", taskId)
      .select("at")
      .executeTakeFirstOrThrow();
    expect(frame.at.getTime()).toBe(ts - 500);
    await device.client.endAsync();
  });

  it("hears a device whose clock was never set, dating its message on arrival, and refuses one past 2100", async () => {
    const checker = checkers[0] as SeededChecker;
    const device = await online(checker);
    const before = dropped();
    await device.publish("online", { ts: DEVICE_TIME_RANGE.max + 1, online: true, firmware: "V9.9.9" }, nextSeq());
    await expectDropped(before, "badSchema");
    await device.publish("progress", { ts: 0, step: 45 }, nextSeq());
    const progress = async () =>
      await t.db
        .selectFrom("devices")
        .where("id", "=", checker.id)
        .select(["link_progress", "link_progress_at"])
        .executeTakeFirstOrThrow();
    await expect.poll(async () => (await progress()).link_progress).toBe(45);
    expect((await progress()).link_progress_at?.getTime()).toBe(t.clock.now().getTime());
    expect(await firmwareOf(checker.id)).not.toBe("V9.9.9");
    await device.client.endAsync();
  });
});

describe("a capture naming another checker's task", () => {
  it("is dropped as unknownTask, in the same batch as that checker's own frames, which are all kept", async () => {
    const [a, b] = [checkers[3] as SeededChecker, checkers[4] as SeededChecker];
    const [deviceA, deviceB] = [await online(a), await online(b)];
    const [taskA, taskB] = [await runningCapture(a, deviceA), await runningCapture(b, deviceB)];

    // Which messages each committed batch wrote and dropped as of another's task.
    const batches: { written: IngestItem[]; unknownTask: IngestItem[] }[] = [];
    const stopObserving = t.app.deviceLink?.writer.observe((result) => batches.push(result));
    const before = dropped();
    const [seqA, seqForeign, seqB] = [nextSeq(), nextSeq(), nextSeq()];
    const frames = (...hex: string[]) => hex.map((h, i) => ({ at: Date.now() - 100 + i, hex: h }));
    await Promise.all([
      deviceA.publish("capture", { taskId: taskA, frames: frames("aa01", "aa02") }, seqA),
      // Checker B names A's task: numbered from the same base as A's own frames in this batch.
      deviceB.publish("capture", { taskId: taskA, frames: frames("bb01") }, seqForeign),
      // And its own, its id in capitals: the same task to the database.
      deviceB.publish("capture", { taskId: taskB.toUpperCase(), frames: frames("cc01", "cc02", "cc03") }, seqB),
    ]);
    await expectDropped(before, "unknownTask");
    stopObserving?.();

    expect(await framesOf(taskA)).toEqual([
      [1, "aa01"],
      [2, "aa02"],
    ]);
    expect(await framesOf(taskB)).toEqual([
      [1, "cc01"],
      [2, "cc02"],
      [3, "cc03"],
    ]);
    expect((await taskOf(taskA)).frameCount).toBe(2);
    expect((await taskOf(taskB)).frameCount).toBe(3);
    // The three were one batch: the case this checks is the mix, not each message alone.
    const seqs = (items: IngestItem[]) =>
      items
        .filter((i) => i.topic === "capture")
        .map((i) => i.message.seq)
        .sort((x, y) => x - y);
    const captures = batches
      .map((r) => ({ written: seqs(r.written), unknownTask: seqs(r.unknownTask) }))
      .filter((r) => r.written.length + r.unknownTask.length > 0);
    expect(captures).toEqual([{ written: [seqA, seqB], unknownTask: [seqForeign] }]);
    await deviceA.client.endAsync();
    await deviceB.client.endAsync();
  });
});
