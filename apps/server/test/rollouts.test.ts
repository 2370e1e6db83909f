import { createHash } from "node:crypto";
import { Errors } from "@vrf/contract/errors.ts";
import { ROLLOUT_TARGET_SILENCE_MS } from "@vrf/contract/hi-checker/rollouts.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { uploadPackage } from "./helpers/package-upload.ts";
import {
  type ConnectedChecker,
  connectStandbyChecker,
  deviceStatusOf,
  type SeededChecker,
  seededCheckers,
} from "./helpers/seeded-checkers.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

const CREATE = "/hmt-web/himit-checker/rollouts/create";
const LIST = "/hmt-web/himit-checker/rollouts/list";
const DETAIL = "/hmt-web/himit-checker/rollouts/detail";
const TARGETS = "/hmt-web/himit-checker/rollouts/targets";
const PAUSE = "/hmt-web/himit-checker/rollouts/pause";
const RESUME = "/hmt-web/himit-checker/rollouts/resume";
const DELETE_PACKAGE = "/hmt-web/himit-checker/software-packages/delete";

interface Counts {
  pending: number;
  downloading: number;
  installing: number;
  done: number;
  failed: number;
}
interface Rollout {
  id: string;
  packageId: string;
  version: string;
  state: string;
  failureSharePercent: number;
  maxInFlight: number;
  counts: Counts;
  createdBy: string;
  endedAt: string | null;
}
interface Target {
  deviceId: number;
  deviceCode: string;
  online: boolean;
  fromFirmware: string;
  firmware: string;
  state: string;
  percent: number;
  failure: string | null;
}
interface Page<T> {
  list: T[];
  total: number;
}
interface OtaCommand {
  type: string;
  cmdId: string;
  rolloutId: string;
  version: string;
  url: string;
  sizeBytes: number;
  sha256: string;
}
type Checker = SeededChecker;
type Device = ConnectedChecker;

let t: TestApp;
let port: number;
let engineer: string;
let distributorCloud: string;
let stranger: string;
let checkers: Checker[];
let foreign: Checker;
let seq = 9_000;
const nextSeq = () => ++seq;
let versionN = 0;

const statusOf = (id: number) => deviceStatusOf(t, id);

/** A checker on the line on firmware 1.0.0, standing by, with no task. */
const online = (checker: Checker): Promise<Device> =>
  connectStandbyChecker(t, port, checker, nextSeq, { firmware: "1.0.0" });

const offline = async (checker: Checker, device: Device) => {
  await device.publish("online", { online: false }, nextSeq());
  await expect.poll(() => statusOf(checker.id)).toBe("offline");
  await device.client.endAsync();
};

const firmwareBytes = (n: number) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 7 + 3) % 256));

/** A new firmware package of the engineer's organisation. */
const firmwarePackage = async (token = engineer) => {
  versionN += 1;
  const content = firmwareBytes(600 + versionN);
  const res = await uploadPackage(
    t,
    token,
    { kind: "firmware", version: `3.${versionN}.0` },
    { name: `checker-3.${versionN}.0.bin`, content },
  );
  expect(res.errorCode, JSON.stringify(res)).toBe(0);
  return { ...res.data, content };
};

const create = (body: Record<string, unknown>, token = engineer) => t.post<Rollout>(CREATE, body, token);

const createOk = async (body: Record<string, unknown>) => {
  const res = await create(body);
  expect(res.body.errorCode, JSON.stringify(res.body)).toBe(0);
  return res.body.data;
};

const rolloutOf = async (id: string) => {
  const res = await t.get<Rollout>(DETAIL, { id }, engineer);
  expect(res.body.errorCode).toBe(0);
  return res.body.data;
};

const targetsOf = async (id: string) => {
  const res = await t.get<Page<Target>>(TARGETS, { id, pageSize: 50 }, engineer);
  expect(res.body.errorCode).toBe(0);
  return res.body.data.list;
};

const targetOf = async (rolloutId: string, deviceId: number) =>
  (await targetsOf(rolloutId)).find((target) => target.deviceId === deviceId);

const otaCommands = (device: Device) => device.commands.filter((c) => (c as OtaCommand).type === "ota") as OtaCommand[];

const nthOta = async (device: Device, n: number) => {
  await expect.poll(() => otaCommands(device).length).toBeGreaterThanOrEqual(n);
  return otaCommands(device)[n - 1] as OtaCommand;
};

const report = (device: Device, rolloutId: string, stage: string, percent: number, failure?: string) =>
  device.publish("ota", { rolloutId, stage, percent, ...(failure ? { failure } : {}) }, nextSeq());

/** The package as a checker fetches it, by the link of its command. */
const fetchPackage = async (url: string) => {
  const { pathname, search } = new URL(url);
  const response = await t.app.inject({ method: "GET", url: `${pathname}${search}` });
  return { status: response.statusCode, body: response.rawPayload };
};

const written = async () => ({
  rollouts: await t.count("firmware_rollouts"),
  targets: await t.count("firmware_rollout_targets"),
  commands: await t.count("device_commands"),
});

beforeAll(async () => {
  t = await createTestApp({ deviceLink: true });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  port = t.app.deviceLink?.brokerPort as number;
  // An engineer of another organisation: the Other Distributor's administrator with the Hi-Checker module too.
  await t.db.updateTable("accounts").set({ authorities: "2,5" }).where("email", "=", "other@example.com").execute();
  [engineer, distributorCloud, stranger] = await Promise.all([
    t.moduleToken("checker@example.com", 5),
    t.moduleToken("distributor@example.com", 2),
    t.moduleToken("other@example.com", 5),
  ]);
  checkers = await seededCheckers(t, "Demo Distributor", 5);
  [foreign] = (await seededCheckers(t, "Other Distributor", 1)) as [Checker];
});
afterAll(() => t?.close());

describe("a firmware rollout", () => {
  it("sends the update to connected checkers, a few at a time, and moves each as its checker reports", async () => {
    const [a, b, c] = checkers as [Checker, Checker, Checker];
    const pkg = await firmwarePackage();
    const [deviceA, deviceB] = await Promise.all([online(a), online(b)]);
    const address = t.app.server.address() as { port: number };
    const customerId = (await t.post<{ customerId: string }>("/hmt-web/himit-checker/sys/authority", {}, engineer)).body
      .data.customerId;
    const socket = new WebSocket(`ws://127.0.0.1:${address.port}/server/control/${customerId}/tab?token=${engineer}`);
    const events: { type: string; payload: { type: string; rolloutId?: string } }[] = [];
    socket.on("message", (data) => events.push(JSON.parse(String(data))));
    await new Promise((resolve) => socket.on("open", resolve));

    // c is offline: it waits. Only one at a time: a is sent it first (lowest id), b waits its turn.
    const rollout = await createOk({ packageId: pkg.id, deviceIds: [a.id, b.id, c.id], maxInFlight: 1 });
    expect(rollout).toMatchObject({
      packageId: pkg.id,
      version: pkg.version,
      state: "running",
      failureSharePercent: 20,
      maxInFlight: 1,
      createdBy: "Service Engineer",
      endedAt: null,
    });
    expect(rollout.counts).toEqual({ pending: 2, downloading: 1, installing: 0, done: 0, failed: 0 });
    const command = await nthOta(deviceA, 1);
    expect(command).toMatchObject({ rolloutId: rollout.id, version: pkg.version, sizeBytes: pkg.sizeBytes });
    expect(command.sha256).toBe(createHash("sha256").update(pkg.content).digest("hex"));
    expect(otaCommands(deviceB)).toEqual([]);

    // The link opens the package for that checker only, and only with its token.
    const fetched = await fetchPackage(command.url);
    expect(fetched.status).toBe(200);
    expect(fetched.body.equals(pkg.content)).toBe(true);
    const forged = new URL(command.url);
    forged.searchParams.set("token", "A".repeat(43));
    expect((await fetchPackage(forged.toString())).status).toBe(404);
    expect((await fetchPackage(command.url.replace(`/firmware/${a.id}`, `/firmware/${b.id}`))).status).toBe(404);

    await deviceA.publish("ack", { cmdId: command.cmdId, result: "ok" }, nextSeq());
    await report(deviceA, rollout.id, "downloading", 60);
    await expect.poll(async () => (await targetOf(rollout.id, a.id))?.percent).toBe(60);
    await report(deviceA, rollout.id, "installing", 50);
    await expect.poll(async () => (await targetOf(rollout.id, a.id))?.state).toBe("installing");
    // Once installing, the download link is closed.
    expect((await fetchPackage(command.url)).status).toBe(404);
    // A stale word (downloading after installing) moves nothing.
    await report(deviceA, rollout.id, "downloading", 90);
    await deviceA.publish("online", { online: true, firmware: pkg.version }, nextSeq());
    await report(deviceA, rollout.id, "done", 100);
    await expect.poll(async () => (await targetOf(rollout.id, a.id))?.state).toBe("done");
    expect(await targetOf(rollout.id, a.id)).toMatchObject({
      percent: 100,
      fromFirmware: "1.0.0",
      firmware: pkg.version,
      failure: null,
    });

    // a is done: b is sent it on the next round.
    await t.app.services.rollouts.tick();
    const commandB = await nthOta(deviceB, 1);
    await report(deviceB, rollout.id, "downloading", 0);
    await report(deviceB, rollout.id, "installing", 0);
    await report(deviceB, rollout.id, "done", 100);
    await expect.poll(async () => (await rolloutOf(rollout.id)).counts.done).toBe(2);
    expect(commandB.rolloutId).toBe(rollout.id);

    // c connects: it is sent the update, and the rollout finishes with it.
    const deviceC = await online(c);
    await t.app.services.rollouts.tick();
    await nthOta(deviceC, 1);
    await report(deviceC, rollout.id, "downloading", 100);
    await report(deviceC, rollout.id, "done", 100);
    await expect.poll(async () => (await rolloutOf(rollout.id)).state).toBe("finished");
    expect((await rolloutOf(rollout.id)).endedAt).not.toBeNull();
    expect(
      events.some((e) => e.type === "device" && e.payload.type === "rollout" && e.payload.rolloutId === rollout.id),
    ).toBe(true);

    const list = await t.get<Page<Rollout>>(LIST, { packageId: pkg.id }, engineer);
    expect(list.body.data.list.map((r) => r.id)).toEqual([rollout.id]);
    socket.close();
    await Promise.all([deviceA, deviceB, deviceC].map((d) => d.client.endAsync()));
  });

  it("halts by itself once more than its share of checkers failed, and sends no one else the update", async () => {
    const [a, b, c] = checkers as [Checker, Checker, Checker];
    const pkg = await firmwarePackage();
    const devices = await Promise.all([a, b].map(online));
    const rollout = await createOk({ packageId: pkg.id, deviceIds: [a.id, b.id, c.id], maxInFlight: 1 });
    const command = await nthOta(devices[0] as Device, 1);
    await report(devices[0] as Device, rollout.id, "failed", 40, "checksum");
    await expect.poll(async () => (await rolloutOf(rollout.id)).state).toBe("halted");
    expect(await targetOf(rollout.id, a.id)).toMatchObject({ state: "failed", failure: "checksum" });
    await t.app.services.rollouts.tick();
    expect(otaCommands(devices[1] as Device)).toEqual([]);
    expect((await rolloutOf(rollout.id)).counts).toEqual({
      pending: 2,
      downloading: 0,
      installing: 0,
      done: 0,
      failed: 1,
    });
    // A halted rollout is not resumed, nor paused.
    expect((await t.post(RESUME, { id: rollout.id }, engineer)).body.errorCode).toBe(Errors.rolloutNotPaused.errorCode);
    expect((await t.post(PAUSE, { id: rollout.id }, engineer)).body.errorCode).toBe(Errors.rolloutNotRunning.errorCode);
    expect(command.rolloutId).toBe(rollout.id);
    // Its checkers may be in a new rollout: a halted one holds none of them.
    const next = await createOk({ packageId: pkg.id, deviceIds: [b.id], failureSharePercent: 100 });
    await nthOta(devices[1] as Device, 1);
    await report(devices[1] as Device, next.id, "failed", 0, "install");
    await expect.poll(async () => (await rolloutOf(next.id)).state).toBe("finished");
    await Promise.all(devices.map((d) => d.client.endAsync()));
  });

  it("pauses (no one new is sent it, those updating finish) and resumes", async () => {
    const [a, b] = checkers as [Checker, Checker];
    const pkg = await firmwarePackage();
    const devices = (await Promise.all([a, b].map(online))) as [Device, Device];
    const rollout = await createOk({ packageId: pkg.id, deviceIds: [a.id, b.id], maxInFlight: 1 });
    await nthOta(devices[0], 1);
    const paused = await t.post<Rollout>(PAUSE, { id: rollout.id }, engineer);
    expect(paused.body.data.state).toBe("paused");
    expect((await t.post(PAUSE, { id: rollout.id }, engineer)).body.errorCode).toBe(Errors.rolloutNotRunning.errorCode);
    await report(devices[0], rollout.id, "done", 100);
    await expect.poll(async () => (await rolloutOf(rollout.id)).counts.done).toBe(1);
    await t.app.services.rollouts.tick();
    expect(otaCommands(devices[1])).toEqual([]);
    expect((await rolloutOf(rollout.id)).state).toBe("paused");

    const resumed = await t.post<Rollout>(RESUME, { id: rollout.id }, engineer);
    expect(resumed.body.data.state).toBe("running");
    expect((await t.post(RESUME, { id: rollout.id }, engineer)).body.errorCode).toBe(Errors.rolloutNotPaused.errorCode);
    await nthOta(devices[1], 1);
    await report(devices[1], rollout.id, "done", 100);
    await expect.poll(async () => (await rolloutOf(rollout.id)).state).toBe("finished");
    await Promise.all(devices.map((d) => d.client.endAsync()));
  });

  it("gives up on a checker that refuses, never answers, or goes silent", async () => {
    const [a, b, c] = checkers as [Checker, Checker, Checker];
    const pkg = await firmwarePackage();
    const devices = (await Promise.all([a, b, c].map(online))) as [Device, Device, Device];
    const rollout = await createOk({ packageId: pkg.id, deviceIds: [a.id, b.id, c.id], failureSharePercent: 100 });
    const [refused, , silent] = await Promise.all(devices.map((d) => nthOta(d, 1)));
    await devices[0].publish(
      "ack",
      { cmdId: (refused as OtaCommand).cmdId, result: "failed", reason: "low storage" },
      nextSeq(),
    );
    await devices[2].publish("ack", { cmdId: (silent as OtaCommand).cmdId, result: "ok" }, nextSeq());
    await report(devices[2], rollout.id, "downloading", 10);
    await expect.poll(async () => (await targetOf(rollout.id, c.id))?.percent).toBe(10);
    await expect
      .poll(
        async () =>
          (await t.db.selectFrom("device_commands").where("status", "=", "failed").select("id").execute()).length,
      )
      .toBeGreaterThan(0);

    // b never acks: past the command's expiry it has failed; c's report keeps it going until it is silent too long.
    t.clock.advance(30_001);
    await t.app.services.deviceCommands.sweepTimeouts();
    await t.app.services.rollouts.tick();
    expect(await targetOf(rollout.id, a.id)).toMatchObject({ state: "failed", failure: "rejected" });
    expect(await targetOf(rollout.id, b.id)).toMatchObject({ state: "failed", failure: "timedOut" });
    expect((await targetOf(rollout.id, c.id))?.state).toBe("downloading");
    t.clock.advance(ROLLOUT_TARGET_SILENCE_MS);
    await t.app.services.rollouts.tick();
    expect(await targetOf(rollout.id, c.id)).toMatchObject({ state: "failed", failure: "timedOut" });
    expect((await rolloutOf(rollout.id)).state).toBe("finished");
    // A late word from a checker given up on moves nothing.
    await report(devices[2], rollout.id, "done", 100);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await targetOf(rollout.id, c.id))?.state).toBe("failed");
    await Promise.all(devices.map((d) => d.client.endAsync()));
  });

  it("counts a checker that comes back running the new version as done, though its last reports were lost", async () => {
    const [a] = checkers as [Checker];
    const pkg = await firmwarePackage();
    const device = await online(a);
    const rollout = await createOk({ packageId: pkg.id, deviceIds: [a.id] });
    await nthOta(device, 1);
    await report(device, rollout.id, "installing", 50);
    await expect.poll(async () => (await targetOf(rollout.id, a.id))?.state).toBe("installing");
    await t.app.services.rollouts.tick();
    expect((await targetOf(rollout.id, a.id))?.state).toBe("installing");
    await device.publish("online", { online: true, firmware: pkg.version }, nextSeq());
    await expect
      .poll(
        async () =>
          (await t.db.selectFrom("devices").where("id", "=", a.id).select("firmware").executeTakeFirstOrThrow())
            .firmware,
      )
      .toBe(pkg.version);
    await t.app.services.rollouts.tick();
    expect(await targetOf(rollout.id, a.id)).toMatchObject({ state: "done", percent: 100, failure: null });
    expect((await rolloutOf(rollout.id)).state).toBe("finished");
    await device.client.endAsync();
  });

  it("keeps to its number at once when twenty dispatch rounds run together", async () => {
    const group = checkers.slice(0, 4);
    const pkg = await firmwarePackage();
    const devices = await Promise.all(group.map(online));
    const rollout = await createOk({ packageId: pkg.id, deviceIds: group.map((c) => c.id), maxInFlight: 2 });
    const sent = () => devices.flatMap(otaCommands);
    await expect.poll(() => sent().length).toBe(2);
    await Promise.all(Array.from({ length: 20 }, () => t.app.services.rollouts.tick()));
    expect((await rolloutOf(rollout.id)).counts).toMatchObject({ pending: 2, downloading: 2 });
    // One ends: there is room for one more, and twenty rounds at once send exactly one.
    const first = sent()[0] as OtaCommand;
    const device = devices.find((d) => otaCommands(d).includes(first)) as Device;
    await report(device, rollout.id, "done", 100);
    await expect.poll(async () => (await rolloutOf(rollout.id)).counts.done).toBe(1);
    await Promise.all(Array.from({ length: 20 }, () => t.app.services.rollouts.tick()));
    expect((await rolloutOf(rollout.id)).counts).toMatchObject({ pending: 1, downloading: 2, done: 1 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sent()).toHaveLength(3);
    // Finished, so its checkers are free for the tests after this one.
    const last = devices.find((d) => otaCommands(d).length === 0) as Device;
    for (const d of devices.filter((d) => d !== last)) await report(d, rollout.id, "done", 100);
    await expect.poll(async () => (await rolloutOf(rollout.id)).counts.done).toBe(3);
    await t.app.services.rollouts.tick();
    await nthOta(last, 1);
    await report(last, rollout.id, "done", 100);
    await expect.poll(async () => (await rolloutOf(rollout.id)).state).toBe("finished");
    await Promise.all(devices.map((d) => d.client.endAsync()));
  });

  it("sends again an update whose command was written but never published", async () => {
    const [a] = checkers as [Checker];
    const pkg = await firmwarePackage();
    const device = await online(a);
    const rollout = await createOk({ packageId: pkg.id, deviceIds: [a.id] });
    const first = await nthOta(device, 1);
    // As if the instance had stopped between writing the command and publishing it.
    await t.db
      .updateTable("device_commands")
      .set({ status: "pending", sent_at: null })
      .where("id", "=", first.cmdId)
      .execute();
    t.clock.advance(30_001);
    await t.app.services.deviceCommands.sweepTimeouts();
    await t.app.services.rollouts.tick();
    const second = await nthOta(device, 2);
    expect(second.cmdId).not.toBe(first.cmdId);
    expect(await targetOf(rollout.id, a.id)).toMatchObject({ state: "downloading", failure: null });
    // The first link no longer opens the package; the second does.
    expect((await fetchPackage(first.url)).status).toBe(404);
    expect((await fetchPackage(second.url)).status).toBe(200);
    await report(device, rollout.id, "done", 100);
    await expect.poll(async () => (await rolloutOf(rollout.id)).state).toBe("finished");
    await device.client.endAsync();
  });

  it("keeps a package while a rollout of it is open", async () => {
    const [a] = checkers as [Checker];
    const pkg = await firmwarePackage();
    const device = await online(a);
    const rollout = await createOk({ packageId: pkg.id, deviceIds: [a.id] });
    const refused = await t.post(DELETE_PACKAGE, { id: pkg.id }, engineer);
    expect(refused.body.errorCode).toBe(Errors.packageInRollout.errorCode);
    await report(device, rollout.id, "done", 100);
    await expect.poll(async () => (await rolloutOf(rollout.id)).state).toBe("finished");
    expect((await t.post(DELETE_PACKAGE, { id: pkg.id }, engineer)).body.errorCode).toBe(0);
    // The rollout's history outlives its package.
    expect(await rolloutOf(rollout.id)).toMatchObject({ version: pkg.version, packageId: "" });
    await offline(a, device);
  });
});

describe("creating a rollout", () => {
  it("refuses bad input and writes nothing", async () => {
    const pkg = await firmwarePackage();
    const before = await written();
    const [a] = checkers as [Checker];
    for (const body of [
      { packageId: pkg.id, deviceIds: [] },
      { packageId: pkg.id, deviceIds: Array.from({ length: 501 }, (_, i) => i + 1) },
      { packageId: pkg.id, deviceIds: [a.id], failureSharePercent: 0 },
      { packageId: pkg.id, deviceIds: [a.id], failureSharePercent: 101 },
      { packageId: pkg.id, deviceIds: [a.id], maxInFlight: 51 },
      { packageId: "not-a-uuid", deviceIds: [a.id] },
      { deviceIds: [a.id] },
    ]) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const empty = await create({ packageId: pkg.id, deviceIds: [] });
    expect(empty.body.data).toMatchObject({ fields: [{ path: "deviceIds", message: "rolloutNoCheckers" }] });
    const pc = await uploadPackage(
      t,
      engineer,
      { kind: "pc", version: "9.9.9" },
      { name: "tool.zip", content: firmwareBytes(50) },
    );
    expect((await create({ packageId: pc.data.id, deviceIds: [a.id] })).body.errorCode).toBe(
      Errors.packageNotFirmware.errorCode,
    );
    expect(await written()).toEqual({ ...before, targets: before.targets });
    // The reads and moves refuse what is not a rollout's id or a page.
    expect((await t.get(DETAIL, { id: "nope" }, engineer)).status).toBe(400);
    expect((await t.get(TARGETS, { id: pkg.id, pageSize: 1_000 }, engineer)).status).toBe(400);
    expect((await t.get(LIST, { pageNum: 0 }, engineer)).status).toBe(400);
    expect((await t.post(PAUSE, { id: 42 }, engineer)).status).toBe(400);
    expect((await t.post(RESUME, {}, engineer)).status).toBe(400);
  });

  it("answers 401 without a session, 403 to Distributor Cloud, 404 for another organisation's package, checker or rollout", async () => {
    const pkg = await firmwarePackage();
    const [a] = checkers as [Checker];
    expect((await t.post(CREATE, { packageId: pkg.id, deviceIds: [a.id] })).status).toBe(401);
    expect((await t.get(LIST, {})).status).toBe(401);
    expect((await create({ packageId: pkg.id, deviceIds: [a.id] }, distributorCloud)).status).toBe(403);
    expect((await t.get(LIST, {}, distributorCloud)).status).toBe(403);
    const before = await written();
    // The stranger's organisation has no such package; the engineer's scope has no such checker.
    expect((await create({ packageId: pkg.id, deviceIds: [foreign.id] }, stranger)).status).toBe(404);
    expect((await create({ packageId: pkg.id, deviceIds: [a.id, foreign.id] })).status).toBe(404);
    expect(await written()).toEqual(before);

    const rollout = await createOk({ packageId: pkg.id, deviceIds: [a.id] });
    expect((await t.get(DETAIL, { id: rollout.id }, stranger)).status).toBe(404);
    expect((await t.get(TARGETS, { id: rollout.id }, stranger)).status).toBe(404);
    expect((await t.post(PAUSE, { id: rollout.id }, stranger)).status).toBe(404);
    expect((await t.get<Page<Rollout>>(LIST, {}, stranger)).body.data.list.some((r) => r.id === rollout.id)).toBe(
      false,
    );
    // Another checker already in it, still open: refused.
    const busy = await create({ packageId: pkg.id, deviceIds: [a.id] });
    expect(busy.body.errorCode).toBe(Errors.rolloutCheckerBusy.errorCode);
    await t.post(PAUSE, { id: rollout.id }, engineer);
    expect((await create({ packageId: pkg.id, deviceIds: [a.id] })).body.errorCode).toBe(
      Errors.rolloutCheckerBusy.errorCode,
    );
  });

  it("of twenty at once with the same checker, one is created", async () => {
    const pkg = await firmwarePackage();
    const e = checkers[4] as Checker;
    const before = await t.count("firmware_rollouts");
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => create({ packageId: pkg.id, deviceIds: [e.id] })),
    );
    const codes = answers.map((a) => a.body.errorCode);
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    expect(codes.filter((c) => c === Errors.rolloutCheckerBusy.errorCode)).toHaveLength(19);
    expect(await t.count("firmware_rollouts")).toBe(before + 1);
  });
});
