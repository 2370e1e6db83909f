import { Errors } from "@vrf/contract/errors.ts";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { indoorSnapshot, outdoorSnapshot } from "./helpers/device-client.ts";
import {
  type ConnectedChecker,
  connectStandbyChecker,
  deviceStatusOf,
  type SeededChecker,
  seededCheckers,
} from "./helpers/seeded-checkers.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

const CREATE = "/hmt-web/himit-checker/tasks/create";
const STOP = "/hmt-web/himit-checker/tasks/stop";
const GET = "/hmt-web/himit-checker/tasks/get";
const LIST = "/hmt-web/himit-checker/tasks/list";

interface Task {
  id: string;
  deviceId: number;
  deviceCode: string;
  name: string;
  kind: string;
  intervalS: number;
  status: string;
  failure: string | null;
  startedAt: string | null;
  endedAt: string | null;
  frameCount: number;
  snapshotCount: number;
  storedBytes: number;
  createdBy: string;
}
interface Page<T> {
  list: T[];
  total: number;
}
type Checker = SeededChecker;
type Device = ConnectedChecker;

let t: TestApp;
let port: number;
let engineer: string;
let distributorCloud: string;
let stranger: string;
let seq = 5_000;
const nextSeq = () => ++seq;

/** A checker on the line: online, and standing by. */
const online = (checker: Checker): Promise<Device> => connectStandbyChecker(t, port, checker, nextSeq);

const statusOf = (id: number) => deviceStatusOf(t, id);

const taskOf = async (id: string, token = engineer) => {
  const res = await t.get<Task>(GET, { id }, token);
  expect(res.body.errorCode).toBe(0);
  return res.body.data;
};

const later = (ms: number) => t.clock.now().getTime() + ms;

const create = (body: Record<string, unknown>, token = engineer) => t.post<Task>(CREATE, body, token);

const capture = (deviceId: number, over: Record<string, unknown> = {}) => ({
  deviceId,
  name: "Bus check, floor 3",
  kind: "capture",
  intervalS: 60,
  endAt: later(3_600_000),
  notes: "E5 on unit 2 since Monday",
  ...over,
});

const written = async () => ({
  tasks: await t.count("checker_tasks"),
  commands: await t.count("device_commands"),
  frames: await t.count("capture_frames"),
});

/** An engineer's live socket, collecting what it is sent. */
const openSocket = async (token: string) => {
  const customerId = (await t.post<{ customerId: string }>("/hmt-web/himit-checker/sys/authority", {}, token)).body.data
    .customerId;
  const address = t.app.server.address() as { port: number };
  const socket = new WebSocket(`ws://127.0.0.1:${address.port}/server/control/${customerId}/tab?token=${token}`);
  const messages: { type: string; payload: Record<string, unknown> }[] = [];
  socket.on("message", (data) => messages.push(JSON.parse(String(data))));
  await new Promise((resolve, reject) => {
    socket.on("open", resolve);
    socket.on("error", reject);
  });
  return { socket, messages };
};

/** The command the checker got last, once it is there. */
const lastCommand = async (device: Device, count: number) => {
  await expect.poll(() => device.commands.length).toBe(count);
  return device.commands[count - 1] as Record<string, unknown> & { cmdId: string; taskId: string; type: string };
};

let checkers: Checker[];
let foreign: Checker;

beforeAll(async () => {
  t = await createTestApp({ deviceLink: true });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  port = t.app.deviceLink?.brokerPort as number;
  [engineer, distributorCloud, stranger] = await Promise.all([
    t.moduleToken("checker@example.com", 5),
    t.moduleToken("distributor@example.com", 2),
    t.moduleToken("other@example.com", 2),
  ]);
  checkers = await seededCheckers(t, "Demo Distributor", 5);
  [foreign] = (await seededCheckers(t, "Other Distributor", 1)) as [Checker];
});
afterAll(() => t?.close());

describe("a capture task", () => {
  it("starts by command, keeps the frames the checker sends in order, and stops by command", async () => {
    const checker = checkers[0] as Checker;
    const device = await online(checker);
    const live = await openSocket(engineer);

    const res = await create(capture(checker.id));
    expect(res.body.errorCode).toBe(0);
    const task = res.body.data;
    expect(task).toMatchObject({
      deviceId: checker.id,
      deviceCode: checker.code,
      kind: "capture",
      intervalS: 60,
      status: "starting",
      startedAt: null,
      createdBy: "Service Engineer",
    });
    const start = await lastCommand(device, 1);
    expect(start).toMatchObject({ type: "taskStart", taskId: task.id, kind: "capture", intervalS: 60 });

    await device.publish("ack", { cmdId: start.cmdId, result: "ok" }, nextSeq());
    await device.publish("status", { state: "grabbing", taskId: task.id }, nextSeq());
    await expect.poll(async () => (await taskOf(task.id)).status).toBe("running");
    expect((await taskOf(task.id)).startedAt).not.toBeNull();
    await expect.poll(() => statusOf(checker.id)).toBe("grabbing");

    // Two reports of frames; the second holds one that is not a bus frame (kept raw, no addresses).
    const frame = (source: number, destination: number, command: number, payload: number[]) => {
      const bytes = [0xaa, source, destination, command, payload.length, ...payload];
      bytes.push(bytes.reduce((x, b) => x ^ b, 0));
      return Buffer.from(bytes).toString("hex");
    };
    const at = Date.now();
    await device.publish(
      "capture",
      {
        taskId: task.id,
        frames: [
          { at, hex: frame(1, 0x20, 0x10, [1, 2]) },
          { at: at + 10, hex: frame(0x20, 1, 0x11, [3]) },
          { at: at + 20, hex: frame(2, 0x21, 0x30, [4, 5, 6]) },
        ],
      },
      nextSeq(),
    );
    await device.publish(
      "capture",
      {
        taskId: task.id,
        frames: [
          { at: at + 30, hex: "0102" },
          { at: at + 40, hex: frame(1, 0x22, 0x40, []) },
        ],
      },
      nextSeq(),
    );
    await expect.poll(async () => (await taskOf(task.id)).frameCount).toBe(5);
    const frames = await t.db
      .selectFrom("capture_frames")
      .where("task_id", "=", task.id)
      .select(["n", "source", "destination", "command"])
      .orderBy("n")
      .execute();
    expect(frames.map((f) => [Number(f.n), f.source, f.destination, f.command])).toEqual([
      [1, 1, 0x20, 0x10],
      [2, 0x20, 1, 0x11],
      [3, 2, 0x21, 0x30],
      [4, null, null, null],
      [5, 1, 0x22, 0x40],
    ]);
    expect((await taskOf(task.id)).storedBytes).toBe(8 + 7 + 9 + 2 + 6);

    // One task at a time: a second one is refused and nothing is written.
    const before = await written();
    const busy = await create(capture(checker.id, { name: "Another" }));
    expect(busy.status).toBe(409);
    expect(busy.body.errorCode).toBe(Errors.checkerBusy.errorCode);
    expect(await written()).toEqual(before);

    const open = await t.get<Page<Task>>(LIST, { state: "open", deviceId: checker.id }, engineer);
    expect(open.body.data.list.map((r) => r.id)).toEqual([task.id]);

    const stopping = await t.post<Task>(STOP, { id: task.id }, engineer);
    expect(stopping.body.data.status).toBe("stopping");
    const stop = await lastCommand(device, 2);
    expect(stop).toMatchObject({ type: "taskStop", taskId: task.id });
    await device.publish("ack", { cmdId: stop.cmdId, result: "ok" }, nextSeq());
    await device.publish("status", { state: "standby", taskId: null }, nextSeq());
    await expect.poll(async () => (await taskOf(task.id)).status).toBe("stopped");
    expect((await taskOf(task.id)).endedAt).not.toBeNull();

    const ended = await t.get<Page<Task>>(LIST, { state: "ended", deviceId: checker.id }, engineer);
    expect(ended.body.data.list.map((r) => r.id)).toContain(task.id);
    expect((await t.get<Page<Task>>(LIST, { state: "open", deviceId: checker.id }, engineer)).body.data.total).toBe(0);
    const again = await t.post(STOP, { id: task.id }, engineer);
    expect(again.body.errorCode).toBe(Errors.taskEnded.errorCode);

    // The engineer's socket heard each step of the task.
    await expect
      .poll(() => live.messages.filter((m) => m.payload?.taskId === task.id).map((m) => m.payload.status))
      .toEqual(expect.arrayContaining(["starting", "running", "stopping", "stopped"]));
    live.socket.close();
    await device.client.endAsync();
  });

  it("keeps no frame of a task that is not the checker's own capture task", async () => {
    const [a, b] = [checkers[1] as Checker, checkers[2] as Checker];
    const deviceA = await online(a);
    const deviceB = await online(b);
    const res = await create(capture(a.id));
    const start = await lastCommand(deviceA, 1);
    await deviceA.publish("ack", { cmdId: start.cmdId, result: "ok" }, nextSeq());
    await expect.poll(async () => (await taskOf(res.body.data.id)).status).toBe("running");

    const dropped = () => t.app.deviceLink?.counters.snapshot().dropped.unknownTask ?? 0;
    const before = { frames: await t.count("capture_frames"), dropped: dropped() };
    const body = (taskId: string) => ({ taskId, frames: [{ at: Date.now(), hex: "aa0102100000" }] });
    await deviceB.publish("capture", body(res.body.data.id), nextSeq());
    await deviceA.publish("capture", body("7d0c5a32-8a4b-4c1e-9f0d-1b2c3d4e5f60"), nextSeq());
    await expect.poll(dropped).toBe(before.dropped + 2);
    expect(await t.count("capture_frames")).toBe(before.frames);
    expect((await taskOf(res.body.data.id)).frameCount).toBe(0);

    await t.post(STOP, { id: res.body.data.id }, engineer);
    const stop = await lastCommand(deviceA, 2);
    await deviceA.publish("ack", { cmdId: stop.cmdId, result: "ok" }, nextSeq());
    await expect.poll(async () => (await taskOf(res.body.data.id)).status).toBe("stopped");
    await deviceA.client.endAsync();
    await deviceB.client.endAsync();
  });
});

describe("a collection task", () => {
  it("finishes when the checker leaves it, with the reports it sent in its period", async () => {
    const checker = checkers[3] as Checker;
    const device = await online(checker);
    const res = await create({ ...capture(checker.id), kind: "collection", intervalS: 5, name: "Night run" });
    expect(res.body.errorCode).toBe(0);
    const start = await lastCommand(device, 1);
    expect(start).toMatchObject({ type: "taskStart", kind: "collection", intervalS: 5 });
    await device.publish("ack", { cmdId: start.cmdId, result: "ok" }, nextSeq());
    await device.publish("status", { state: "collecting", taskId: res.body.data.id }, nextSeq());
    await expect.poll(async () => (await taskOf(res.body.data.id)).status).toBe("running");

    const report = { system: checker.system, outdoor: [outdoorSnapshot(0)], indoor: [indoorSnapshot(0)] };
    const snapshots = async () =>
      Number(
        (
          await t.db
            .selectFrom("telemetry_snapshots")
            .where("device_id", "=", checker.id)
            .select((eb) => eb.fn.countAll<string>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await snapshots();
    for (let i = 0; i < 3; i++) {
      t.clock.advance(5_000);
      await device.publish("telemetry", report, nextSeq());
      // Each report is dated on arrival: it must be in before the clock moves on.
      await expect.poll(snapshots).toBe(before + i + 1);
    }
    await expect.poll(async () => (await taskOf(res.body.data.id)).snapshotCount).toBe(3);
    t.clock.advance(1_000);
    await device.publish("status", { state: "standby", taskId: null }, nextSeq());
    await expect.poll(async () => (await taskOf(res.body.data.id)).status).toBe("finished");
    const done = await taskOf(res.body.data.id);
    expect(done.snapshotCount).toBe(3);
    expect(done.storedBytes).toBeGreaterThan(0);
    expect(done.endedAt).not.toBeNull();
    await device.client.endAsync();
  });
});

describe("a task the checker refuses or never answers", () => {
  it("fails when the checker refuses its start, or when no answer comes in time", async () => {
    const checker = checkers[4] as Checker;
    const device = await online(checker);
    const refused = await create(capture(checker.id));
    const start = await lastCommand(device, 1);
    await device.publish("ack", { cmdId: start.cmdId, result: "failed", reason: "bus busy" }, nextSeq());
    await expect.poll(async () => (await taskOf(refused.body.data.id)).status).toBe("failed");
    expect((await taskOf(refused.body.data.id)).failure).toBe("rejected");

    // A failed task is no longer open: the next one may start; this one hears nothing back.
    const silent = await create(capture(checker.id));
    expect(silent.body.errorCode).toBe(0);
    await lastCommand(device, 2);
    t.clock.advance(30_001);
    await t.app.services.deviceCommands.sweepTimeouts();
    expect(await taskOf(silent.body.data.id)).toMatchObject({ status: "failed", failure: "timedOut" });

    // Running, then the checker goes quiet past the task's end: the sweep ends it at its end time.
    const quietEnd = later(120_000);
    const quiet = await create(capture(checker.id, { endAt: quietEnd }));
    const third = await lastCommand(device, 3);
    await device.publish("ack", { cmdId: third.cmdId, result: "ok" }, nextSeq());
    await expect.poll(async () => (await taskOf(quiet.body.data.id)).status).toBe("running");
    t.clock.advance(120_000);
    await t.app.services.deviceCommands.sweepTimeouts();
    expect((await taskOf(quiet.body.data.id)).status).toBe("running");
    t.clock.advance(60_001);
    await t.app.services.deviceCommands.sweepTimeouts();
    const ended = await taskOf(quiet.body.data.id);
    expect(ended.status).toBe("finished");
    expect(ended.endedAt).toBe(new Date(quietEnd).toISOString());
    await device.client.endAsync();
  });

  it("lets only one of twenty tasks started at once on a checker through", async () => {
    const checker = checkers[2] as Checker;
    const device = await online(checker);
    const before = await t.count("checker_tasks");
    const results = await Promise.all(Array.from({ length: 20 }, () => create(capture(checker.id))));
    const codes = results.map((r) => r.body.errorCode);
    expect(codes.filter((code) => code === 0)).toHaveLength(1);
    expect(codes.filter((code) => code === Errors.checkerBusy.errorCode)).toHaveLength(19);
    expect(await t.count("checker_tasks")).toBe(before + 1);
    const task = results.find((r) => r.body.errorCode === 0)?.body.data as Task;
    const start = await lastCommand(device, 1);
    await device.publish("ack", { cmdId: start.cmdId, result: "ok" }, nextSeq());
    await expect.poll(async () => (await taskOf(task.id)).status).toBe("running");
    await t.post(STOP, { id: task.id }, engineer);
    const stop = await lastCommand(device, 2);
    await device.publish("ack", { cmdId: stop.cmdId, result: "ok" }, nextSeq());
    await expect.poll(async () => (await taskOf(task.id)).status).toBe("stopped");
    await device.client.endAsync();
  });
});

describe("what a task request must be", () => {
  it("refuses bad input with SPEC's messages, and writes nothing", async () => {
    const checker = checkers[1] as Checker;
    const device = await online(checker);
    const before = await written();
    const cases: [Record<string, unknown>, number][] = [
      [capture(checker.id, { intervalS: 59 }), Errors.captureInterval.errorCode],
      [capture(checker.id, { intervalS: 3601 }), Errors.captureInterval.errorCode],
      [capture(checker.id, { kind: "collection", intervalS: 86_401 }), Errors.collectionInterval.errorCode],
      [capture(checker.id, { kind: "collection", intervalS: 0 }), Errors.collectionInterval.errorCode],
      [capture(checker.id, { endAt: later(0) }), Errors.taskEndNotLater.errorCode],
      [capture(checker.id, { endAt: later(-60_000) }), Errors.taskEndNotLater.errorCode],
      [capture(checker.id, { endAt: later(32 * 86_400_000) }), Errors.taskTooLong.errorCode],
      [capture(checker.id, { name: "" }), Errors.parameterEmpty.errorCode],
      [capture(checker.id, { name: "x".repeat(51) }), Errors.parameterError.errorCode],
      [capture(checker.id, { kind: "sniffing" }), Errors.parameterError.errorCode],
      [capture(checker.id, { notes: "n".repeat(2001) }), Errors.parameterError.errorCode],
      [capture(checker.id, { endAt: "tomorrow" }), Errors.parameterError.errorCode],
    ];
    for (const [body, errorCode] of cases) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      if (errorCode !== Errors.parameterError.errorCode && errorCode !== Errors.parameterEmpty.errorCode) {
        expect(res.body.errorCode, JSON.stringify(body)).toBe(errorCode);
      }
    }
    const badList = await t.get(LIST, { from: 2_000, to: 1_000 }, engineer);
    expect(badList.status).toBe(400);
    expect((await t.get(GET, { id: "not-a-uuid" }, engineer)).status).toBe(400);
    expect((await t.post(STOP, { id: 12 }, engineer)).status).toBe(400);
    expect(await written()).toEqual(before);
    expect(device.commands).toEqual([]);
    await device.client.endAsync();
  });

  it("refuses an offline checker, with nothing written", async () => {
    const checker = checkers[0] as Checker;
    await t.db.updateTable("devices").set({ status: "offline" }).where("id", "=", checker.id).execute();
    const before = await written();
    const res = await create(capture(checker.id));
    expect(res.status).toBe(409);
    expect(res.body.errorCode).toBe(Errors.deviceOffline.errorCode);
    expect(await written()).toEqual(before);
  });

  it("answers 401 without a session, 403 to a Distributor Cloud session, 404 for another organisation's checker or task", async () => {
    expect((await t.post(CREATE, capture(checkers[0]?.id as number))).status).toBe(401);
    expect((await t.get(LIST, {})).status).toBe(401);
    expect((await t.get(LIST, {}, distributorCloud)).status).toBe(403);
    expect((await t.post(CREATE, capture(checkers[0]?.id as number), distributorCloud)).status).toBe(403);
    expect((await t.post(STOP, { id: "7d0c5a32-8a4b-4c1e-9f0d-1b2c3d4e5f60" }, distributorCloud)).status).toBe(403);

    const before = await written();
    expect((await create(capture(foreign.id))).status).toBe(404);
    expect((await create(capture(99_999_999))).status).toBe(404);
    const himit = await t.db.selectFrom("devices").where("kind", "=", "himit").select("id").executeTakeFirstOrThrow();
    expect((await create(capture(Number(himit.id)))).status).toBe(404);
    expect(await written()).toEqual(before);

    // A task of another organisation's checker: found by id only by its own.
    const theirs = await t.db.selectFrom("checker_tasks").select("id").executeTakeFirstOrThrow();
    await t.db
      .updateTable("checker_tasks")
      .set({
        organisation_id: sql`(SELECT organisation_id FROM devices WHERE id = ${foreign.id})`,
        device_id: foreign.id,
      })
      .where("id", "=", theirs.id)
      .execute();
    expect((await t.get(GET, { id: theirs.id }, engineer)).status).toBe(404);
    expect((await t.post(STOP, { id: theirs.id }, engineer)).status).toBe(404);
    const listed = await t.get<Page<Task>>(LIST, { pageSize: 200 }, engineer);
    expect(listed.body.data.list.map((r) => r.id)).not.toContain(theirs.id);
    expect(listed.body.data.list.every((r) => checkers.some((c) => c.id === r.deviceId))).toBe(true);
    // The other organisation's distributor has no Hi-Checker session of its own here: its account
    // holds authority 2 only.
    expect((await t.get(LIST, {}, stranger)).status).toBe(403);
  });

  it("filters and pages the task history in SQL", async () => {
    const all = await t.get<Page<Task>>(LIST, { state: "ended", pageSize: 200 }, engineer);
    expect(all.body.data.total).toBeGreaterThanOrEqual(4);
    const failed = await t.get<Page<Task>>(LIST, { state: "ended", status: "failed", pageSize: 200 }, engineer);
    expect(failed.body.data.list.length).toBeGreaterThanOrEqual(2);
    expect(failed.body.data.list.every((r) => r.status === "failed")).toBe(true);
    const collection = await t.get<Page<Task>>(LIST, { kind: "collection" }, engineer);
    expect(collection.body.data.list.map((r) => r.name)).toEqual(["Night run"]);
    const byName = await t.get<Page<Task>>(LIST, { keyword: "night" }, engineer);
    expect(byName.body.data.list.map((r) => r.name)).toEqual(["Night run"]);
    const page2 = await t.get<Page<Task>>(LIST, { state: "ended", pageSize: 2, pageNum: 2 }, engineer);
    expect(page2.body.data.list.map((r) => r.id)).toEqual(all.body.data.list.slice(2, 4).map((r) => r.id));
    const future = await t.get<Page<Task>>(LIST, { from: later(86_400_000) }, engineer);
    expect(future.body.data).toMatchObject({ total: 0, list: [] });
  });
});
