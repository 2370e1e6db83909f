import { randomUUID } from "node:crypto";
import { STATUS_WORDS } from "@vrf/contract/device/units.ts";
import { Errors } from "@vrf/contract/errors.ts";
import { sql } from "kysely";
import mqtt from "mqtt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { LAST_SEEN_STEP_MS } from "../src/devices/last-seen-floor.ts";
import { SEQ_WINDOW } from "../src/devices/seq-window.ts";
import {
  fanSpeedCode,
  indoorColumn,
  modeCode,
  OUTDOOR_READINGS,
  outdoorColumn,
} from "../src/devices/snapshot-layout.ts";
import type { DropReason } from "../src/devices/traffic-counters.ts";
import { connectDevice, cutConnection, indoorSnapshot, outdoorSnapshot } from "./helpers/device-client.ts";
import { type SeededDevice, seededHiMit } from "./helpers/seeded-devices.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

const CONTROL = "/hmt-web/distributor/devices/control";
const COMMANDS = "/hmt-web/distributor/devices/commands";
const INDOOR = "/hmt-web/distributor/devices/indoor/list";

let t: TestApp;
let port: number;
let distributor: string;
let other: string;
let seq = 1_000;
const nextSeq = () => ++seq;

type Device = SeededDevice;

/** The `nth` Hi-Mit with indoor units of an organisation (each test's traffic stays within its device's flood budget). */
const deviceOf = (organisation: string, nth = 0) => seededHiMit(t, { organisation, nth });

const statusOf = async (id: number) =>
  (await t.db.selectFrom("devices").where("id", "=", id).select("status").executeTakeFirstOrThrow()).status;

/** Every device's seq window, as one string: any message taken moves one. */
const seqWindows = async () =>
  (
    await sql<{ windows: string | null }>`
      SELECT string_agg(device_id || ':' || top, ',' ORDER BY device_id) AS windows
      FROM device_seq_windows`.execute(t.db)
  ).rows[0]?.windows ?? "";

const written = async () => ({
  ids: await t.count("device_message_ids"),
  windows: await seqWindows(),
  snapshots: await t.count("telemetry_snapshots"),
  faults: await t.count("faults"),
});

/** A distributor's live socket, collecting what it is sent. */
const openSocket = async (token: string) => {
  const customerId = (await t.post<{ customerId: string }>("/hmt-web/himit-checker/sys/authority", {}, token)).body.data
    .customerId;
  const address = t.app.server.address() as { port: number };
  const socket = new WebSocket(`ws://127.0.0.1:${address.port}/server/control/${customerId}/tab?token=${token}`);
  const messages: { type: string; wifiId?: string; payload: Record<string, unknown> }[] = [];
  socket.on("message", (data) => messages.push(JSON.parse(String(data))));
  await new Promise((resolve, reject) => {
    socket.on("open", resolve);
    socket.on("error", reject);
  });
  const sizeBefore = t.app.services.live.size();
  await expect.poll(() => t.app.services.live.size()).toBeGreaterThanOrEqual(sizeBefore);
  return { socket, messages };
};

let mine: Device;
/** Another device of mine's organisation. */
let mine2: Device;
let theirs: Device;

beforeAll(async () => {
  t = await createTestApp({ deviceLink: { flood: { perSecond: 5, burst: 20 } } });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  port = t.app.deviceLink?.brokerPort as number;
  [distributor, other] = await Promise.all([
    t.moduleToken("distributor@example.com", 2),
    t.moduleToken("other@example.com", 2),
  ]);
  [mine, mine2, theirs] = await Promise.all([
    deviceOf("Demo Distributor"),
    deviceOf("Demo Distributor", 1),
    deviceOf("Other Distributor"),
  ]);
});
afterAll(() => t?.close());

describe("the device link with the embedded broker", () => {
  it("starts with every device offline: a new broker has no sessions, whatever the seed said", async () => {
    const online = await t.db.selectFrom("devices").where("status", "<>", "offline").select("id").execute();
    expect(online).toEqual([]);
  });

  it("marks a device online from its retained message and offline from its last will", async () => {
    const device = await connectDevice({ port, deviceId: mine.serial, password: mine.password, willSeq: nextSeq() });
    await device.publish("online", { online: true, firmware: "V3.1.0" }, nextSeq());
    await device.publish("status", { state: "online" }, nextSeq());
    await expect.poll(() => statusOf(mine.id)).toBe("online");
    const seen = await t.db
      .selectFrom("devices")
      .where("id", "=", mine.id)
      .select(["last_seen_at", "firmware"])
      .executeTakeFirstOrThrow();
    expect(seen.firmware).toBe("V3.1.0");
    expect(seen.last_seen_at).not.toBeNull();

    // A status that repeats what the row says, within the device's last-seen step, leaves the row
    // alone; another state rewrites it.
    const rowVersion = async () =>
      (await sql<{ v: string }>`SELECT xmin::text AS v FROM devices WHERE id = ${mine.id}`.execute(t.db)).rows[0]?.v;
    const unchanged = await rowVersion();
    const writtenBefore = t.app.deviceLink?.counters.snapshot().written ?? 0;
    await device.publish("status", { state: "online" }, nextSeq());
    await expect.poll(() => t.app.deviceLink?.counters.snapshot().written).toBe(writtenBefore + 1);
    expect(await rowVersion()).toBe(unchanged);
    // The device's next last-seen step: the same report moves last seen.
    const lastSeen = async () =>
      (await t.db.selectFrom("devices").where("id", "=", mine.id).select("last_seen_at").executeTakeFirstOrThrow())
        .last_seen_at;
    const seenBefore = await lastSeen();
    t.clock.advance(LAST_SEEN_STEP_MS);
    await device.publish("status", { state: "online" }, nextSeq());
    await expect.poll(async () => (await lastSeen())?.getTime()).toBe(t.clock.now().getTime());
    expect(seenBefore?.getTime()).toBeLessThan(t.clock.now().getTime());
    await device.publish("status", { state: "standby" }, nextSeq());
    await expect.poll(() => statusOf(mine.id)).toBe("standby");
    expect(await rowVersion()).not.toBe(unchanged);

    cutConnection(device.client);
    await expect.poll(() => statusOf(mine.id)).toBe("offline");
    const history = await t.db
      .selectFrom("device_status_history")
      .where("device_id", "=", mine.id)
      .select("status")
      .orderBy("id", "desc")
      .limit(2)
      .execute();
    expect(history.map((h) => h.status)).toEqual(["offline", "standby"]);
  });

  it("stores telemetry as history and as each unit's latest values, and ignores a duplicate", async () => {
    const device = await connectDevice({ port, deviceId: mine.serial, password: mine.password, willSeq: nextSeq() });
    await device.publish("online", { online: true }, nextSeq());
    const before = await t.count("telemetry_snapshots");
    const s = nextSeq();
    const body = {
      system: mine.system,
      outdoor: [outdoorSnapshot(0)],
      indoor: [
        indoorSnapshot(0, { setTempC: 22.5, roomTempC: 23.1, mode: "heating", fanSpeed: "high" }),
        indoorSnapshot(1),
      ],
    };
    await device.publish("telemetry", body, s);
    // One snapshot of the system: the addresses and status words in unit order, each side's
    // readings and the indoor settings a matrix with a row per unit (snapshot-layout.ts).
    await expect.poll(() => t.count("telemetry_snapshots")).toBe(before + 1);
    const stored = await t.db
      .selectFrom("telemetry_snapshots")
      .where("device_id", "=", mine.id)
      .orderBy("ts", "desc")
      .select([
        "outdoor_address",
        "outdoor_readings",
        "indoor_address",
        "indoor_status_word",
        "indoor_readings",
        "indoor_settings",
      ])
      .executeTakeFirstOrThrow();
    expect(stored.outdoor_address).toEqual([0]);
    expect(stored.outdoor_readings?.map((u) => u[outdoorColumn("compressor_hz") - 1])).toEqual([62]);
    expect(stored.outdoor_readings?.[0]).toHaveLength(OUTDOOR_READINGS.length);
    expect(stored.indoor_address).toEqual([0, 1]);
    expect(stored.indoor_status_word).toEqual([STATUS_WORDS["TH ON"], STATUS_WORDS["TH ON"]]);
    expect(
      stored.indoor_readings?.map((u) => [u[indoorColumn("set_temp_c") - 1], u[indoorColumn("room_temp_c") - 1]]),
    ).toEqual([
      [22.5, 23.1],
      [26, 27.5],
    ]);
    expect(stored.indoor_settings).toEqual([
      [1, modeCode("heating"), fanSpeedCode("high"), 2],
      [1, modeCode("cooling"), fanSpeedCode("mid"), 2],
    ]);
    // The same seq again (a QoS 1 redelivery): dropped, counted, not written.
    const duplicatesBefore = t.app.deviceLink?.counters.snapshot().dropped.duplicate ?? 0;
    await device.publish("telemetry", body, s);
    await expect.poll(() => t.app.deviceLink?.counters.snapshot().dropped.duplicate).toBe(duplicatesBefore + 1);
    expect(await t.count("telemetry_snapshots")).toBe(before + 1);

    const res = await t.get<{
      list: { address: number; setTemperature: number; roomTemperature: number; mode: string }[];
    }>(INDOOR, { deviceId: mine.id, systemNumber: mine.system, pageSize: 100 }, distributor);
    const unit = res.body.data.list.find((u) => u.address === 0);
    expect(unit).toMatchObject({ setTemperature: 22.5, mode: "heating" });
    expect(unit?.roomTemperature).toBeCloseTo(23.1, 3);

    // The unit's history: one bucket holding this report, fields in the documented order.
    const now = t.clock.now().getTime();
    const historyOf = (kind: "indoor" | "outdoor", fromMs: number, address = 0) =>
      t.get<{ fields: string[]; points: number[][]; bucketSeconds: number }>(
        `/hmt-web/distributor/devices/${kind}/history`,
        {
          deviceId: mine.id,
          systemNumber: mine.system,
          address,
          from: new Date(now - fromMs).toISOString(),
          to: new Date(now + 60_000).toISOString(),
        },
        distributor,
      );
    const history = await historyOf("indoor", 3_600_000);
    expect(history.body.data.fields.slice(0, 2)).toEqual(["roomTempC", "setTempC"]);
    expect(history.body.data.bucketSeconds).toBe(11);
    expect(history.body.data.points).toHaveLength(1);
    expect(history.body.data.points[0]?.slice(1, 3)).toEqual([23.1, 22.5]);
    // The second unit of the same snapshot: its own elements, not the first unit's.
    const second = await historyOf("indoor", 3_600_000, 1);
    expect(second.body.data.points[0]?.slice(1, 3)).toEqual([27.5, 26]);
    expect((await historyOf("indoor", 3_600_000, 5)).body.data.points).toEqual([]);
    const outdoor = await historyOf("outdoor", 60_000);
    expect(outdoor.body.data.points[0]?.[1]).toBe(62);
    // Another tenant's device is not found; a span over 31 days is refused.
    expect(
      (
        await t.get(
          "/hmt-web/distributor/devices/indoor/history",
          { deviceId: mine.id, systemNumber: mine.system, address: 0 },
          other,
        )
      ).body.errorCode,
    ).toBe(Errors.notFound.errorCode);
    expect(
      (
        await t.get(
          "/hmt-web/distributor/devices/indoor/history",
          { deviceId: mine.id, systemNumber: 0, address: 0, from: "2026-01-01T00:00:00Z", to: "2026-03-01T00:00:00Z" },
          distributor,
        )
      ).body.errorCode,
    ).toBe(Errors.parameterError.errorCode);
    await device.client.endAsync();
  });

  it("drops a message another instance took, though this one holds the device's window from its last batch", async () => {
    const device = await connectDevice({ port, deviceId: mine.serial, password: mine.password, willSeq: nextSeq() });
    const body = { system: mine.system, outdoor: [outdoorSnapshot(0)], indoor: [indoorSnapshot(0)] };
    const before = await t.count("telemetry_snapshots");
    await device.publish("telemetry", body, nextSeq());
    await expect.poll(() => t.count("telemetry_snapshots")).toBe(before + 1);
    // Another instance of the portal takes the next seq: it moves the window and its version.
    const taken = nextSeq();
    await sql`
      UPDATE device_seq_windows SET top = ${taken}, version = version + 1,
        seen = set_bit(seen, (${taken}::bigint % ${SEQ_WINDOW})::int, 1)
      WHERE device_id = ${mine.id}`.execute(t.db);
    const duplicatesBefore = t.app.deviceLink?.counters.snapshot().dropped.duplicate ?? 0;
    await device.publish("telemetry", body, taken);
    await expect.poll(() => t.app.deviceLink?.counters.snapshot().dropped.duplicate).toBe(duplicatesBefore + 1);
    // The window read whole goes on from there: the next seq is written.
    await device.publish("telemetry", body, nextSeq());
    await expect.poll(() => t.count("telemetry_snapshots")).toBe(before + 2);
    await device.client.endAsync();
  });

  it("rewrites a unit's row only when its alarm state or a setting changes; lists show the newest status words and readings", async () => {
    const device = await connectDevice({ port, deviceId: mine2.serial, password: mine2.password, willSeq: nextSeq() });
    await device.publish("online", { online: true }, nextSeq());
    const heating = { setTempC: 22.5, mode: "heating", fanSpeed: "high" };
    const report = async (over: Record<string, unknown>) => {
      const before = await t.count("telemetry_snapshots");
      await device.publish(
        "telemetry",
        { system: mine2.system, outdoor: [outdoorSnapshot(0)], indoor: [indoorSnapshot(0, over)] },
        nextSeq(),
      );
      await expect.poll(() => t.count("telemetry_snapshots")).toBe(before + 1);
    };
    // The row's version: PostgreSQL gives an updated row a new xmin.
    const unitRow = () =>
      sql<{ version: string; mode: string; room_temperature: number; status: string; status_word: number }>`
        SELECT xmin::text AS version, mode, room_temperature, status, status_word FROM indoor_units
        WHERE device_id = ${mine2.id} AND system_number = ${mine2.system} AND address = 0`
        .execute(t.db)
        .then((r) => r.rows[0]);
    const listed = async () =>
      (
        await t.get<{
          list: { address: number; roomTemperature: number; mode: string; fanSpeed: string; statusWord: number }[];
        }>(INDOOR, { deviceId: mine2.id, systemNumber: mine2.system, pageSize: 100 }, distributor)
      ).body.data.list.find((u) => u.address === 0);

    await report({ ...heating, roomTempC: 23.5 });
    const settled = await unitRow();
    expect(await listed()).toMatchObject({ roomTemperature: 23.5 });
    // Only the room temperature moves: history gets the row, the unit's row stays as it was…
    await report({ ...heating, roomTempC: 24.5 });
    expect(await unitRow()).toEqual(settled);
    // …and the list shows the newest reading all the same (its kept answer is older than the report).
    expect(await listed()).toMatchObject({ roomTemperature: 24.5, mode: "heating", fanSpeed: "high" });

    // The thermostat cycles: the row stays as it was, the list shows the newest word.
    await report({ ...heating, roomTempC: 24.5, status: "TH OFF" });
    expect(await unitRow()).toEqual(settled);
    expect(await listed()).toMatchObject({ statusWord: STATUS_WORDS["TH OFF"] });
    await report({ ...heating, roomTempC: 24.5 });
    expect(await unitRow()).toEqual(settled);
    expect(await listed()).toMatchObject({ statusWord: STATUS_WORDS["TH ON"] });

    // A setting changes: the unit's row is rewritten.
    await report({ ...heating, mode: "cooling", roomTempC: 24 });
    const changed = await unitRow();
    expect(changed?.version).not.toBe(settled?.version);
    expect(changed).toMatchObject({ mode: "cooling", room_temperature: 24 });
    expect(await listed()).toMatchObject({ roomTemperature: 24, mode: "cooling" });

    // Back and forth: each change lands, each repeat leaves the row alone.
    await report({ ...heating, roomTempC: 24.5 });
    const back = await unitRow();
    expect(back).toMatchObject({ mode: "heating", room_temperature: 24.5 });
    await report({ ...heating, roomTempC: 25 });
    expect(await unitRow()).toEqual(back);
    await report({ ...heating, mode: "cooling", roomTempC: 25 });
    expect(await unitRow()).toMatchObject({ mode: "cooling", room_temperature: 25 });

    // An alarm is what lists filter and count on: the row says so, and again once it is gone.
    await report({ ...heating, mode: "cooling", roomTempC: 25, status: "ALARM" });
    expect(await unitRow()).toMatchObject({ status: "alarm", status_word: STATUS_WORDS.ALARM });
    await report({ ...heating, mode: "cooling", roomTempC: 25, status: "TH OFF" });
    expect(await unitRow()).toMatchObject({ status: "normal", status_word: STATUS_WORDS["TH OFF"] });
    await device.client.endAsync();
  });

  it("opens a fault record when a unit raises a fault and closes it when the fault clears", async () => {
    const device = await connectDevice({ port, deviceId: mine.serial, password: mine.password, willSeq: nextSeq() });
    const openFaults = () =>
      t.db
        .selectFrom("faults")
        .where("device_id", "=", mine.id)
        .where("code", "=", "E7")
        .where("indoor_address", "=", 3)
        .where("repaired_at", "is", null)
        .select("id")
        .execute();
    const dashboard = async () =>
      (
        await t.get<{ faults: { open: number; lastDays: number } }>(
          "/hmt-web/distributor/agency/dashboard",
          { utcOffsetMinutes: 0 },
          distributor,
        )
      ).body.data.faults;
    const before = await dashboard();
    const fault = { code: "E7", system: mine.system, indoorAddress: 3 };
    await device.publish("fault", { event: "raised", ...fault }, nextSeq());
    await expect.poll(async () => (await openFaults()).length).toBe(1);
    // The dashboard counts it at once: one more open, one more in the last days.
    expect(await dashboard()).toEqual({ open: before.open + 1, lastDays: before.lastDays + 1 });
    // Raised again while open: still one record.
    await device.publish("fault", { event: "raised", ...fault }, nextSeq());
    await device.publish("fault", { event: "cleared", ...fault }, nextSeq());
    await expect.poll(async () => (await openFaults()).length).toBe(0);
    expect((await dashboard()).open).toBe(before.open);
    const records = await t.db
      .selectFrom("faults")
      .where("device_id", "=", mine.id)
      .where("code", "=", "E7")
      .where("indoor_address", "=", 3)
      .select(["repaired_at", "organisation_id", "project_id"])
      .execute();
    expect(records).toHaveLength(1);
    expect(records[0]?.repaired_at).not.toBeNull();
    expect(Number(records[0]?.organisation_id)).toBe(mine.organisationId);
    await device.client.endAsync();
  });
});

describe("remote control", () => {
  const control = (
    token: string,
    deviceId: number,
    system: number,
    set: Record<string, unknown>,
    indoorAddresses = [0],
  ) => t.post<{ id: string; status: string }>(CONTROL, { deviceId, systemNumber: system, indoorAddresses, set }, token);
  const commandStatus = async (id: string) =>
    (await t.db.selectFrom("device_commands").where("id", "=", id).select("status").executeTakeFirstOrThrow()).status;

  it("sends a command, and the device's ack confirms it; the issuer's socket hears each step", async () => {
    const device = await connectDevice({ port, deviceId: mine.serial, password: mine.password, willSeq: nextSeq() });
    await device.publish("online", { online: true }, nextSeq());
    await expect.poll(() => statusOf(mine.id)).toBe("online");
    const live = await openSocket(distributor);

    const res = await control(distributor, mine.id, mine.system, {
      powerOn: true,
      mode: "cooling",
      setTempC: 24,
      fanSpeed: "high",
    });
    expect(res.body.errorCode).toBe(0);
    expect(res.body.data.status).toBe("sent");
    await expect.poll(() => device.commands.length).toBe(1);
    const command = device.commands[0] as { cmdId: string; type: string; target: unknown; set: unknown };
    expect(command).toMatchObject({
      type: "control",
      target: { system: mine.system, indoor: [0] },
      set: { mode: "cooling", setTempC: 24 },
    });
    expect(command.cmdId).toBe(res.body.data.id);

    await device.publish("ack", { cmdId: command.cmdId, result: "ok" }, nextSeq());
    await expect.poll(() => commandStatus(command.cmdId)).toBe("confirmed");
    await expect
      .poll(() => live.messages.filter((m) => m.payload.commandId === command.cmdId).map((m) => m.payload.status))
      .toEqual(["sent", "confirmed"]);

    const list = await t.get<{ list: { id: string; status: string }[]; total: number }>(
      COMMANDS,
      { deviceId: mine.id },
      distributor,
    );
    expect(list.body.data.list[0]).toMatchObject({
      id: command.cmdId,
      status: "confirmed",
      issuedByName: "Demo Distributor",
    });
    // One command by id, in scope only.
    const one = await t.get<{ status: string }>(
      "/hmt-web/distributor/devices/command",
      { id: command.cmdId },
      distributor,
    );
    expect(one.body.data.status).toBe("confirmed");
    expect((await t.get("/hmt-web/distributor/devices/command", { id: command.cmdId }, other)).body.errorCode).toBe(
      Errors.notFound.errorCode,
    );
    live.socket.close();
    await device.client.endAsync();
  });

  it("records a failed ack as failed", async () => {
    const device = await connectDevice({ port, deviceId: mine.serial, password: mine.password, willSeq: nextSeq() });
    await device.publish("online", { online: true }, nextSeq());
    await expect.poll(() => statusOf(mine.id)).toBe("online");
    const res = await control(distributor, mine.id, mine.system, { powerOn: false });
    await expect.poll(() => device.commands.length).toBe(1);
    await device.publish("ack", { cmdId: res.body.data.id, result: "failed", reason: "bus busy" }, nextSeq());
    await expect.poll(() => commandStatus(res.body.data.id)).toBe("failed");
    await device.client.endAsync();
  });

  it("times a command out when no ack comes, and tells the issuer with the device's Wi-Fi id", async () => {
    const device = await connectDevice({ port, deviceId: mine.serial, password: mine.password, willSeq: nextSeq() });
    await device.publish("online", { online: true }, nextSeq());
    await expect.poll(() => statusOf(mine.id)).toBe("online");
    const live = await openSocket(distributor);
    const res = await control(distributor, mine.id, mine.system, { louver: 3 });
    expect(res.body.errorCode).toBe(0);
    expect(await t.app.services.deviceCommands.sweepTimeouts()).toBe(0);
    t.clock.advance(30_001);
    expect(await t.app.services.deviceCommands.sweepTimeouts()).toBe(1);
    expect(await commandStatus(res.body.data.id)).toBe("timed_out");
    await expect.poll(() => live.messages.find((m) => m.type === "commandTimeout")?.wifiId).toBe(mine.code);
    // A late ack changes nothing.
    await device.publish("ack", { cmdId: res.body.data.id, result: "ok" }, nextSeq());
    await device.publish("status", { state: "online" }, nextSeq());
    await t.app.deviceLink?.writer.flush();
    expect(await commandStatus(res.body.data.id)).toBe("timed_out");
    live.socket.close();
    await device.client.endAsync();
  });

  it("refuses a setting the unit does not support, an offline device, and another tenant's device", async () => {
    await t.db
      .updateTable("indoor_units")
      .set({
        supports: JSON.stringify({ modes: ["cooling", "heating", "fan"], fanSpeeds: ["high", "low"], louver: false }),
      })
      .where("device_id", "=", mine.id)
      .where("system_number", "=", mine.system)
      .where("address", "=", 1)
      .execute();
    const device = await connectDevice({ port, deviceId: mine.serial, password: mine.password, willSeq: nextSeq() });
    await device.publish("online", { online: true }, nextSeq());
    await expect.poll(() => statusOf(mine.id)).toBe("online");
    const count = await t.count("device_commands");
    expect((await control(distributor, mine.id, mine.system, { mode: "dry" }, [1])).body.errorCode).toBe(700702);
    expect((await control(distributor, mine.id, mine.system, { louver: 2 }, [1])).body.errorCode).toBe(700702);
    expect((await control(distributor, mine.id, mine.system, { setTempC: 24 }, [63])).body.errorCode).toBe(700701);
    expect((await control(distributor, mine.id, mine.system, { setTempC: 24.3 }, [1])).body.errorCode).toBe(
      Errors.parameterError.errorCode,
    );
    expect((await control(distributor, theirs.id, theirs.system, { powerOn: true })).body.errorCode).toBe(
      Errors.notFound.errorCode,
    );
    expect((await control(other, mine.id, mine.system, { powerOn: true })).body.errorCode).toBe(
      Errors.notFound.errorCode,
    );
    cutConnection(device.client);
    await expect.poll(() => statusOf(mine.id)).toBe("offline");
    expect((await control(distributor, mine.id, mine.system, { powerOn: true })).body.errorCode).toBe(700700);
    expect(await t.count("device_commands")).toBe(count);
  });

  it("sends another tenant's device events only to that tenant's sockets", async () => {
    const mineSocket = await openSocket(distributor);
    const theirSocket = await openSocket(other);
    const device = await connectDevice({
      port,
      deviceId: theirs.serial,
      password: theirs.password,
      willSeq: nextSeq(),
    });
    await device.publish("online", { online: true }, nextSeq());
    await device.publish("telemetry", { system: theirs.system, outdoor: [], indoor: [indoorSnapshot(0)] }, nextSeq());
    await expect
      .poll(() => theirSocket.messages.some((m) => m.payload.deviceId === theirs.id && m.payload.type === "units"))
      .toBe(true);
    expect(mineSocket.messages.some((m) => m.payload.deviceId === theirs.id)).toBe(false);
    mineSocket.socket.close();
    theirSocket.socket.close();
    await device.client.endAsync();
  });
});

describe("bad traffic", () => {
  it("refuses wrong credentials, another device's topic, oversized and flooding traffic, and drops bad JSON and bad schemas without writing", async () => {
    const before = await written();
    const counters = () => t.app.deviceLink?.counters.snapshot().dropped as Record<DropReason, number>;
    const start = { ...counters() };

    // Wrong password, and a client id that is not the username: refused at CONNECT.
    await expect(connectDevice({ port, deviceId: mine.serial, password: "wrong" })).rejects.toThrow();
    await expect(
      mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, {
        clientId: "someone",
        username: mine.serial,
        password: mine.password,
        reconnectPeriod: 0,
      }),
    ).rejects.toThrow();
    // No credentials at all for a serial the portal does not know.
    await expect(connectDevice({ port, deviceId: "NOSUCHDEVICE1", password: "x" })).rejects.toThrow();
    expect(counters().refusedAuth).toBeGreaterThanOrEqual(start.refusedAuth + 3);

    const device = await connectDevice({ port, deviceId: mine.serial, password: mine.password, willSeq: nextSeq() });
    // Another device's subscription is refused (not granted).
    await expect(device.client.subscribeAsync(`vrf/${theirs.serial}/cmd`, { qos: 1 })).rejects.toThrow();
    expect(counters().refusedSubscribe).toBe(start.refusedSubscribe + 1);
    // Bad JSON and a message that fails its schema: dropped and counted; the connection stays.
    await device.client.publishAsync(`vrf/${mine.serial}/telemetry`, "{not json", { qos: 1 });
    await device.client.publishAsync(
      `vrf/${mine.serial}/telemetry`,
      JSON.stringify({ v: 1, seq: nextSeq(), ts: Date.now(), system: 99 }),
      { qos: 1 },
    );
    await device.client.publishAsync(`vrf/${mine.serial}/fault`, JSON.stringify({ v: 2, seq: nextSeq(), ts: 0 }), {
      qos: 1,
    });
    await expect.poll(() => counters().badJson).toBe(start.badJson + 1);
    await expect.poll(() => counters().badSchema).toBe(start.badSchema + 2);

    // A flood (from another device, whose bucket it empties): past the burst of 20, messages are dropped.
    const flooder = await connectDevice({
      port,
      deviceId: theirs.serial,
      password: theirs.password,
      willSeq: nextSeq(),
    });
    for (let i = 0; i < 40; i++) {
      flooder.client.publish(
        `vrf/${theirs.serial}/status`,
        JSON.stringify({ v: 1, seq: nextSeq(), ts: Date.now(), state: "online" }),
        { qos: 0 },
      );
    }
    await expect.poll(() => counters().flood).toBeGreaterThanOrEqual(start.flood + 15);
    await flooder.client.endAsync();
    await t.app.deviceLink?.writer.flush();
    const afterFlood = await written();

    // Publishing under another device's topic, or a payload over 64 kB: refused and the connection closed.
    const closed = new Promise<void>((resolve) => device.client.once("close", () => resolve()));
    device.client.publish(
      `vrf/${theirs.serial}/telemetry`,
      JSON.stringify({ v: 1, seq: nextSeq(), ts: Date.now(), system: 0, outdoor: [], indoor: [] }),
      { qos: 1 },
    );
    await closed;
    expect(counters().refusedPublish).toBe(start.refusedPublish + 1);
    const big = await connectDevice({ port, deviceId: mine.serial, password: mine.password, willSeq: nextSeq() });
    const bigClosed = new Promise<void>((resolve) => big.client.once("close", () => resolve()));
    big.client.publish(`vrf/${mine.serial}/telemetry`, "x".repeat(70_000), { qos: 1 });
    await bigClosed;
    expect(counters().tooLarge).toBe(start.tooLarge + 1);
    big.client.end(true);

    // Nothing of the bad traffic was written (the flood's first 20 statuses were, as valid messages).
    const after = await written();
    expect(after.snapshots).toBe(before.snapshots);
    expect(after.faults).toBe(before.faults);
    expect(after.ids).toBe(afterFlood.ids);

    // And the gateway still works.
    const good = await connectDevice({ port, deviceId: mine.serial, password: mine.password, willSeq: nextSeq() });
    await good.publish("telemetry", { system: mine.system, outdoor: [], indoor: [indoorSnapshot(2)] }, nextSeq());
    await expect.poll(() => t.count("telemetry_snapshots")).toBe(before.snapshots + 1);
    await good.client.endAsync();
  });

  it("rotates a device's credentials: the old password stops working, the new one works", async () => {
    const connected = await connectDevice({ port, deviceId: mine.serial, password: mine.password, willSeq: nextSeq() });
    const rotated = await t.post<{ username: string; password: string }>(
      "/hmt-web/distributor/devices/credentials/rotate",
      { deviceId: mine.id },
      distributor,
    );
    expect(rotated.body.data.username).toBe(mine.serial);
    // The open session ends with the old password, and it cannot sign in again.
    await expect.poll(() => connected.client.connected).toBe(false);
    await expect(connectDevice({ port, deviceId: mine.serial, password: mine.password })).rejects.toThrow();
    const logged = await t.db
      .selectFrom("security_events")
      .where("type", "=", "deviceCredentials")
      .select(["email", "detail"])
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(logged).toMatchObject({ email: "distributor@example.com", detail: { serialNumber: mine.serial } });
    const fresh = await connectDevice({ port, deviceId: mine.serial, password: rotated.body.data.password });
    await fresh.client.endAsync();
    mine.password = rotated.body.data.password;
    // Another tenant cannot rotate it.
    expect(
      (await t.post("/hmt-web/distributor/devices/credentials/rotate", { deviceId: mine.id }, other)).body.errorCode,
    ).toBe(Errors.notFound.errorCode);
  });

  it("checks a message before it is written: unknown devices and failed schemas are counted and never written", async () => {
    const link = t.app.deviceLink;
    if (!link) throw new Error("no device link");
    const dropped = () => link.counters.snapshot().dropped;
    await link.writer.flush();
    const start = dropped();
    const ids = await t.count("device_message_ids");
    const windows = await seqWindows();
    const unknown = link.intake.accept(
      "vrf/UNKNOWN12345/status",
      Buffer.from(JSON.stringify({ v: 1, seq: 1, ts: Date.now(), state: "online" })),
    );
    // The JSON and schema are read with the batch (message-reader.ts), so this one is queued too.
    const empty = link.intake.accept(`vrf/${mine.serial}/status`, Buffer.from("{}"));
    expect(unknown).not.toBeNull();
    expect(empty).not.toBeNull();
    if (unknown) link.writer.enqueue(unknown);
    if (empty) link.writer.enqueue(empty);
    await link.writer.flush();
    expect(dropped().unknownDevice).toBe(start.unknownDevice + 1);
    expect(dropped().badSchema).toBe(start.badSchema + 1);
    expect(await t.count("device_message_ids")).toBe(ids);
    expect(await seqWindows()).toBe(windows);
    // What its topic already refuses is not queued.
    expect(link.intake.accept(`vrf/${randomUUID()}/weather`, Buffer.from("{}"))).toBeNull();
    expect(dropped().badTopic).toBe(start.badTopic + 1);
  });
});

describe("housekeeping and storage", () => {
  it("makes monthly telemetry partitions ahead, drops months past a year, and prunes old message ids", async () => {
    const link = t.app.deviceLink;
    if (!link) throw new Error("no device link");
    const partitions = async () =>
      (
        await sql<{ name: string }>`
          SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
          JOIN pg_class p ON p.oid = i.inhparent
          WHERE p.relname = 'telemetry_snapshots' AND pg_table_is_visible(c.oid) ORDER BY 1`.execute(t.db)
      ).rows.map((r) => r.name);
    await link.maintenance.ensurePartitions();
    // The test clock is 2026-03-01: this month and the next two exist.
    expect(await partitions()).toEqual(
      expect.arrayContaining(["telemetry_snapshots_202603", "telemetry_snapshots_202605"]),
    );

    // A year and more later, March 2026 is past retention and goes whole; a row in it goes with it.
    const before = await t.count("telemetry_snapshots");
    const inMarch = await sql<{ n: number }>`SELECT count(*)::int AS n FROM telemetry_snapshots_202603`.execute(t.db);
    t.clock.set(new Date("2027-04-15T00:00:00Z"));
    try {
      await link.maintenance.ensurePartitions();
      const dropped = await link.maintenance.dropExpiredPartitions();
      expect(dropped).toEqual(expect.arrayContaining(["telemetry_snapshots_202603"]));
      expect(dropped).not.toContain("telemetry_snapshots_202604");
      expect(await partitions()).toEqual(
        expect.arrayContaining(["telemetry_snapshots_202704", "telemetry_snapshots_202706"]),
      );
      expect(await t.count("telemetry_snapshots")).toBe(before - (inMarch.rows[0]?.n ?? 0));

      const ids = await t.count("device_message_ids");
      expect(ids).toBeGreaterThan(0);
      // Seen more than a day ago (by the database clock the rows were stamped with): pruned.
      await t.db
        .updateTable("device_message_ids")
        .set({ received_at: new Date("2027-04-13T00:00:00Z") })
        .execute();
      expect(await link.maintenance.pruneMessageIds()).toBe(ids);
      expect(await t.count("device_message_ids")).toBe(0);
    } finally {
      t.clock.set(new Date("2026-03-01T08:00:00Z"));
    }
  });

  it("writes a report dated in a month whose partition is missing: the month is made and nothing is lost", async () => {
    const month = t.clock.now().toISOString().slice(0, 7).replace("-", "");
    await sql`DROP TABLE IF EXISTS ${sql.table(`telemetry_snapshots_${month}`)}`.execute(t.db);
    const before = await t.count("telemetry_snapshots");
    const device = await connectDevice({ port, deviceId: mine2.serial, password: mine2.password, willSeq: nextSeq() });
    await device.publish(
      "telemetry",
      { system: mine2.system, outdoor: [outdoorSnapshot(0)], indoor: [indoorSnapshot(0)] },
      nextSeq(),
    );
    await expect.poll(() => t.count("telemetry_snapshots")).toBe(before + 1);
    const made = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM ${sql.table(`telemetry_snapshots_${month}`)}`.execute(t.db);
    expect(made.rows[0]?.n).toBe(1);
    await device.client.endAsync();
  });

  it("stops keeping a temporary checker's telemetry at its 200 MB and marks it full", async () => {
    const checker = await t.db
      .selectFrom("devices")
      .innerJoin("organisations as o", "o.id", "devices.organisation_id")
      .where("o.name", "=", "Demo Distributor")
      .where("kind", "=", "checker")
      .where("checker_type", "=", "temporary")
      .select(["devices.id", "serial_number", "system_number", "storage_capacity_mb"])
      .executeTakeFirstOrThrow();
    expect(checker.storage_capacity_mb).toBe(200);
    const { password } = await t.app.services.deviceCredentials.issueFor(
      { id: Number(checker.id), serialNumber: checker.serial_number },
      null,
    );
    // A hundred bytes short of full: the next report fills it.
    await t.db
      .updateTable("devices")
      .set({ stored_bytes: 200 * 1048576 - 100, capacity_full: false })
      .where("id", "=", checker.id)
      .execute();
    const device = await connectDevice({ port, deviceId: checker.serial_number, password, willSeq: nextSeq() });
    const snapshot = { system: checker.system_number, outdoor: [outdoorSnapshot(0)], indoor: [indoorSnapshot(0)] };
    const rows = () =>
      t.db
        .selectFrom("telemetry_snapshots")
        .where("device_id", "=", checker.id)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.n));
    await device.publish("telemetry", snapshot, nextSeq());
    await expect.poll(rows).toBe(1);
    const full = await t.db
      .selectFrom("devices")
      .where("id", "=", checker.id)
      .select("capacity_full")
      .executeTakeFirstOrThrow();
    expect(full.capacity_full).toBe(true);
    const dropped = t.app.deviceLink?.counters.snapshot().dropped.capacityFull ?? 0;
    await device.publish("telemetry", snapshot, nextSeq());
    await expect.poll(() => t.app.deviceLink?.counters.snapshot().dropped.capacityFull).toBe(dropped + 1);
    expect(await rows()).toBe(1);
    const detail = await t.get<{ capacityFull: boolean }>(
      "/hmt-web/distributor/devices/checker/detail",
      { id: checker.id },
      distributor,
    );
    expect(detail.body.data.capacityFull).toBe(true);

    // Firmware-connection progress reaches the socket as it happens, and the detail shows the stage.
    const live = await openSocket(distributor);
    for (const step of [5, 45, 90]) await device.publish("progress", { step }, nextSeq());
    await expect
      .poll(() =>
        live.messages
          .filter((m) => m.payload.type === "progress")
          .map((m) => m.payload.step)
          .at(-1),
      )
      .toBe(90);
    const progressed = await t.get<{ linkProgress: { step: number; stage: string } }>(
      "/hmt-web/distributor/devices/checker/detail",
      { id: checker.id },
      distributor,
    );
    expect(progressed.body.data.linkProgress).toMatchObject({ step: 90, stage: "indoorInfo" });
    live.socket.close();
    await device.client.endAsync();
  });
});
