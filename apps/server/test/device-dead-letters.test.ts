import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEAD_LETTERS_PER_DEVICE_MINUTE } from "../src/devices/dead-letters.ts";
import { connectDevice } from "./helpers/device-client.ts";
import { type SeededDevice, seededHiMit } from "./helpers/seeded-devices.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

const LIST = "/hmt-web/distributor/device-dead-letters/list";
/** A fault code the database is made to refuse below: a message that passes every check and still cannot be stored. */
const REFUSED = "XPOISON";

let t: TestApp;
let port: number;
let distributor: string;
let other: string;
let seq = 5_000;
const nextSeq = () => ++seq;

type Device = SeededDevice;
const deviceOf = (organisation: string, nth = 0) => seededHiMit(t, { organisation, nth });

const faultsOf = async (deviceId: number, code: string) =>
  (await t.db.selectFrom("faults").where("device_id", "=", deviceId).where("code", "=", code).select("id").execute())
    .length;

/** The device's dead letters of faults (the demo data holds others of its own). */
const deadLettersOf = (deviceId: number) =>
  t.db
    .selectFrom("device_dead_letters")
    .where("device_id", "=", deviceId)
    .where("topic", "=", "fault")
    .selectAll()
    .orderBy("id")
    .execute();

const dropped = () => t.app.deviceLink?.counters.snapshot().dropped.deadLetter ?? 0;

let mine: Device;
let mine2: Device;
let theirs: Device;

beforeAll(async () => {
  // A long batch window, so what the devices send below lands in one batch.
  t = await createTestApp({ deviceLink: { writer: { maxDelayMs: 300 } } });
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
  // The database refuses one fault code, as it would refuse a value no column can hold.
  await sql`
    CREATE FUNCTION refuse_fault_code() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'fault code % refused', NEW.code USING ERRCODE = '22023'; END $$`.execute(t.db);
  await sql`
    CREATE TRIGGER refuse_fault_code BEFORE INSERT ON faults FOR EACH ROW
    WHEN (NEW.code = ${sql.lit(REFUSED)}) EXECUTE FUNCTION refuse_fault_code()`.execute(t.db);
});
afterAll(() => t?.close());

const fault = (code: string, system = 0) => ({ event: "raised", code, system });

describe("a device message the database refuses", () => {
  it("is kept as a dead letter while the rest of its batch is written", async () => {
    const devices = await Promise.all(
      [mine, mine2, theirs].map((d) => connectDevice({ port, deviceId: d.serial, password: d.password })),
    );
    const [a, b, c] = devices as [(typeof devices)[0], (typeof devices)[0], (typeof devices)[0]];
    const before = dropped();
    await Promise.all([
      b.publish("fault", fault("E101"), nextSeq()),
      a.publish("fault", fault(REFUSED), nextSeq()),
      c.publish("fault", fault("E102"), nextSeq()),
      a.publish("fault", fault("E103"), nextSeq()),
    ]);
    await t.app.deviceLink?.writer.flush();
    expect(await faultsOf(mine2.id, "E101")).toBe(1);
    expect(await faultsOf(theirs.id, "E102")).toBe(1);
    // The refused message's own device: its other message is written too.
    expect(await faultsOf(mine.id, "E103")).toBe(1);
    expect(await faultsOf(mine.id, REFUSED)).toBe(0);

    const letters = await deadLettersOf(mine.id);
    expect(letters).toHaveLength(1);
    const [letter] = letters;
    expect(letter?.topic).toBe("fault");
    expect(letter?.serial_number).toBe(mine.serial);
    expect(letter?.error).toMatch(/^22023 fault code XPOISON refused/);
    expect(JSON.parse(Buffer.from(letter?.payload as Buffer).toString("utf8"))).toMatchObject(fault(REFUSED));
    expect(dropped()).toBe(before + 1);
    for (const device of devices) await device.client.endAsync();
  });

  it("is shown to its organisation's distributor, and to no one else", async () => {
    const page = await t.post<{
      list: { serialNumber: string; topic: string; payload: string; error: string; deviceId: number | null }[];
      total: number;
      totalCapped: boolean;
    }>(LIST, { pageNum: 1, pageSize: 20 }, distributor);
    expect(page.body.errorCode).toBe(0);
    const row = page.body.data.list.find((r) => r.serialNumber === mine.serial && r.topic === "fault");
    expect(row).toMatchObject({ topic: "fault", deviceId: mine.id });
    expect(row?.payload).toContain(REFUSED);
    expect(page.body.data.totalCapped).toBe(false);

    const filtered = await t.post<{ list: { topic: string }[] }>(LIST, { topics: ["fault"] }, distributor);
    expect(filtered.body.data.list.map((r) => r.topic)).toEqual(["fault"]);
    const none = await t.post<{ list: unknown[] }>(LIST, { topics: ["progress"] }, distributor);
    expect(none.body.data.list).toEqual([]);
    const theirPage = await t.post<{ list: { serialNumber: string }[] }>(LIST, {}, other);
    expect(theirPage.body.errorCode).toBe(0);
    expect(theirPage.body.data.list.map((r) => r.serialNumber)).not.toContain(mine.serial);
    const bad = await t.post(LIST, { from: "2026-02-01T00:00:00Z", to: "2026-01-01T00:00:00Z" }, distributor);
    expect(bad.body.errorCode).not.toBe(0);
    expect(bad.status).toBe(400);
  });

  it("does not stop its lane: another device's message behind many refused ones is written within seconds", async () => {
    const a = await connectDevice({ port, deviceId: mine.serial, password: mine.password });
    const b = await connectDevice({ port, deviceId: mine2.serial, password: mine2.password });
    const lettersBefore = (await deadLettersOf(mine.id)).length;
    const before = dropped();
    const refused = 15;
    // Not awaited one by one: they go out together and share batches with the next one.
    const sent = Array.from({ length: refused }, (_, k) => a.publish("fault", fault(REFUSED, k), nextSeq()));
    const started = Date.now();
    await b.publish("fault", fault("E104"), nextSeq());
    await expect.poll(() => faultsOf(mine2.id, "E104"), { timeout: 5_000, interval: 50 }).toBe(1);
    expect(Date.now() - started).toBeLessThan(5_000);
    await Promise.all(sent);
    await t.app.deviceLink?.writer.flush();
    expect(dropped()).toBe(before + refused);
    // Each device keeps a bounded share of the table; the rest is counted and logged only.
    const kept = (await deadLettersOf(mine.id)).length - lettersBefore;
    expect(kept).toBeGreaterThan(0);
    expect(lettersBefore + kept).toBeLessThanOrEqual(DEAD_LETTERS_PER_DEVICE_MINUTE);
    await a.client.endAsync();
    await b.client.endAsync();
  });
});

describe("dead letters' retention", () => {
  it("keeps a month of them", async () => {
    const link = t.app.deviceLink;
    if (!link) throw new Error("no device link");
    const now = t.app.services.clock.now().getTime();
    const day = 24 * 60 * 60_000;
    const row = (daysOld: number) => ({
      organisation_id: null,
      device_id: null,
      serial_number: `GONE-${daysOld}`,
      topic: "status",
      payload: Buffer.from("{}"),
      error: "22021 test",
      received_at: new Date(now - daysOld * day),
      created_at: new Date(now - daysOld * day),
    });
    await t.db
      .insertInto("device_dead_letters")
      .values([row(31), row(29)])
      .execute();
    expect(await link.maintenance.pruneDeadLetters()).toBeGreaterThanOrEqual(1);
    const left = await t.db
      .selectFrom("device_dead_letters")
      .where("serial_number", "like", "GONE-%")
      .select("serial_number")
      .execute();
    expect(left.map((r) => r.serial_number)).toEqual(["GONE-29"]);
  });
});
