import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DemoOrganisations, demoCallers } from "./helpers/demo-callers.ts";
import { recountedCounts } from "./helpers/recounted-counts.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

// Moving a Hi-MIT, Hi-Dom or SmartTouch device to another project, removing one, and what that
// means for counts, units, faults, the security log and deleting the emptied project.

let t: TestApp;
let distributor: string;
let sub: string;
let other: string;
let checker: string;
let orgs: DemoOrganisations;

const MOVE = "/hmt-web/distributor/devices/move";
const REMOVE = "/hmt-web/distributor/devices/remove";
const LOCATE = "/hmt-web/distributor/devices/locate";
const DETAIL = "/hmt-web/distributor/devices/detail";
const PROJECT = "/hmt-web/distributor/project";

const NOT_FOUND = 600909;
const ALREADY_IN_PROJECT = 700030;
const TARGET_PROJECT_NOT_FOUND = 700031;
const PROJECT_HAS_DEVICES = 700020;

type Kind = "himit" | "hidom" | "smarttouch" | "checker";

beforeAll(async () => {
  t = await createTestApp();
  ({
    tokens: { distributor, sub, other, checker },
    orgs,
  } = await demoCallers(t));
});
afterAll(() => t.close());

/** A device of the organisation with units and faults (the most of them first), so a move has something to carry. */
const busiestDevice = (organisationId: number, kind: Kind) =>
  t.db
    .selectFrom("devices as d")
    .where("d.organisation_id", "=", organisationId)
    .where("d.kind", "=", kind)
    .where("d.project_id", "is not", null)
    .select((eb) => [
      "d.id",
      "d.serial_number",
      "d.project_id",
      eb.selectFrom("faults as f").whereRef("f.device_id", "=", "d.id").select(eb.fn.countAll().as("n")).as("faults"),
      eb
        .selectFrom("outdoor_units as u")
        .whereRef("u.device_id", "=", "d.id")
        .select(eb.fn.countAll().as("n"))
        .as("units"),
    ])
    .orderBy("units", "desc")
    .orderBy("faults", "desc")
    .orderBy("d.id")
    .executeTakeFirstOrThrow();

const otherProjectOf = (organisationId: number, notId: number) =>
  t.db
    .selectFrom("projects")
    .where("organisation_id", "=", organisationId)
    .where("id", "<>", notId)
    .select(["id", "code", "name"])
    .orderBy("id")
    .executeTakeFirstOrThrow();

const countWhere = async (
  table: "faults" | "outdoor_units" | "indoor_units" | "device_commands",
  deviceId: number,
  column: "organisation_id" | "project_id",
  value: number,
) =>
  Number(
    (
      await t.db
        .selectFrom(table as "faults")
        .where("device_id", "=", deviceId)
        .where(column as "organisation_id", "=", value)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

const rowsOf = async (
  table:
    | "faults"
    | "outdoor_units"
    | "indoor_units"
    | "device_commands"
    | "device_credentials"
    | "device_status_history"
    | "telemetry_snapshots"
    | "device_message_ids"
    | "device_seq_windows",
  deviceId: number,
) =>
  Number(
    (
      await t.db
        .selectFrom(table as "faults")
        .where("device_id", "=", deviceId)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function newProject(token: string, name: string) {
  const res = await t.post<{ id: number; code: string }>(
    `${PROJECT}/add`,
    { name, contactPerson: "Li Wei", contactPhone: "+86 532 8888 1234" },
    token,
  );
  expect(res.body.errorCode).toBe(0);
  return res.body.data;
}

/** What only the device has: a command, a password, readings and message ids the link wrote. */
async function giveDeviceLinkHistory(device: { id: number; organisationId: number; projectId: number | null }) {
  const now = new Date("2026-03-01T08:00:00Z");
  await t.db
    .insertInto("device_commands")
    .values({
      id: randomUUID(),
      organisation_id: device.organisationId,
      device_id: device.id,
      issued_by: null,
      type: "control",
      system_number: 0,
      indoor_addresses: null,
      params: JSON.stringify({ power: true }),
      reason: null,
      issued_at: now,
      expires_at: new Date(now.getTime() + 30_000),
      sent_at: null,
      finished_at: null,
    })
    .execute();
  await t.db
    .insertInto("device_credentials")
    .values({ device_id: device.id, secret_hash: "x", issued_at: now, issued_by: null })
    .onConflict((oc) => oc.column("device_id").doNothing())
    .execute();
  // Written here directly, not through the device link, which makes the month's partitions itself.
  await sql`SELECT ensure_telemetry_partitions((${now}::timestamptz AT TIME ZONE 'UTC')::date, 1)`.execute(t.db);
  await t.db
    .insertInto("telemetry_snapshots")
    .values({
      device_id: device.id,
      system_number: 0,
      ts: now,
      outdoor_address: [0],
      outdoor_status_word: [2],
      outdoor_readings: [[50, 2.8, 0.9, 78, 9, 31, 640, 480, 120, 14.2]],
      indoor_address: [1],
      indoor_status_word: [2],
      indoor_readings: [[26, 24, 320, 8.5, 12]],
    })
    .execute();
  await t.db.insertInto("device_message_ids").values({ device_id: device.id, seq: 1, received_at: now }).execute();
  await t.db.insertInto("device_seq_windows").values({ device_id: device.id }).execute();
  const report = await t.db
    .insertInto("repair_reports")
    .values({
      organisation_id: device.organisationId,
      device_id: device.id,
      user_name: "Zhang San",
      serial_number: "whatever",
      content: "Noisy fan",
      reported_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { reportId: Number(report.id) };
}

describe("moving a device to another project", () => {
  it("moves a Hi-MIT with its faults and units, and keeps every count equal to a recount", async () => {
    const device = await busiestDevice(orgs.distributor, "himit");
    expect(Number(device.faults)).toBeGreaterThan(0);
    const target = await otherProjectOf(orgs.distributor, device.project_id as number);
    const faults = await rowsOf("faults", device.id);

    const res = await t.post<{ id: number; project: { id: number; code: string; name: string } }>(
      MOVE,
      { id: device.id, kind: "himit", projectId: target.id },
      distributor,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id: device.id,
      project: { id: target.id, code: target.code, name: target.name },
      organisationName: "Demo Distributor",
    });

    const detail = await t.get<{ project: { id: number } }>(DETAIL, { id: device.id, kind: "himit" }, distributor);
    expect(detail.body.data.project.id).toBe(target.id);
    // Every fault of the device is the new project's now, open or repaired.
    expect(await countWhere("faults", device.id, "project_id", target.id)).toBe(faults);
    const counts = await recountedCounts(t.db);
    expect(counts.kept).toEqual(counts.expected);
  });

  it("moves a device into a sub-distributor's project: it, its units, faults and commands become the sub-distributor's", async () => {
    const device = await busiestDevice(orgs.distributor, "himit");
    await giveDeviceLinkHistory({ id: device.id, organisationId: orgs.distributor, projectId: device.project_id });
    const target = await otherProjectOf(orgs.sub, 0);
    const units = (await rowsOf("outdoor_units", device.id)) + (await rowsOf("indoor_units", device.id));
    expect(units).toBeGreaterThan(0);
    expect(Number(device.faults)).toBeGreaterThan(0);
    const before = await t.get<{ total: number }>(
      "/hmt-web/distributor/devices/list",
      { kind: "himit", pageSize: 1 },
      sub,
    );
    expect((await t.get(DETAIL, { id: device.id, kind: "himit" }, sub)).status).toBe(404);

    const res = await t.post(MOVE, { id: device.id, kind: "himit", projectId: target.id }, distributor);
    expect(res.body.errorCode).toBe(0);
    expect(res.body.data).toMatchObject({ organisationName: "Demo Sub-distributor" });

    const owner = await t.db
      .selectFrom("devices")
      .where("id", "=", device.id)
      .select(["organisation_id", "project_id"])
      .executeTakeFirstOrThrow();
    expect(owner).toEqual({ organisation_id: orgs.sub, project_id: target.id });
    expect(
      (await countWhere("outdoor_units", device.id, "organisation_id", orgs.sub)) +
        (await countWhere("indoor_units", device.id, "organisation_id", orgs.sub)),
    ).toBe(units);
    expect(await countWhere("faults", device.id, "organisation_id", orgs.sub)).toBe(await rowsOf("faults", device.id));
    expect(await countWhere("device_commands", device.id, "organisation_id", orgs.sub)).toBe(1);

    // The sub-distributor sees it now, in its list (the maintained total) and on its page.
    const after = await t.get<{ total: number }>(
      "/hmt-web/distributor/devices/list",
      { kind: "himit", pageSize: 1 },
      sub,
    );
    expect(after.body.data.total).toBe(before.body.data.total + 1);
    expect((await t.get(DETAIL, { id: device.id, kind: "himit" }, sub)).status).toBe(200);
    const counts = await recountedCounts(t.db);
    expect(counts.kept).toEqual(counts.expected);
  });

  it("refuses the device's own project (409) and a project out of reach (404)", async () => {
    const device = await busiestDevice(orgs.distributor, "smarttouch");
    const same = await t.post(MOVE, { id: device.id, kind: "smarttouch", projectId: device.project_id }, distributor);
    expect(same.status).toBe(409);
    expect(same.body.errorCode).toBe(ALREADY_IN_PROJECT);

    const foreign = await otherProjectOf(orgs.other, 0);
    const outOfScope = await t.post(MOVE, { id: device.id, kind: "smarttouch", projectId: foreign.id }, distributor);
    expect(outOfScope.status).toBe(404);
    expect(outOfScope.body.errorCode).toBe(TARGET_PROJECT_NOT_FOUND);
    const missing = await t.post(MOVE, { id: device.id, kind: "smarttouch", projectId: 99_999_999 }, distributor);
    expect(missing.body.errorCode).toBe(TARGET_PROJECT_NOT_FOUND);

    // A sub-distributor cannot reach its parent's projects either.
    const subDevice = await busiestDevice(orgs.sub, "himit");
    const upwards = await otherProjectOf(orgs.distributor, 0);
    expect((await t.post(MOVE, { id: subDevice.id, kind: "himit", projectId: upwards.id }, sub)).status).toBe(404);

    const untouched = await t.db
      .selectFrom("devices")
      .where("id", "in", [device.id, subDevice.id])
      .select(["id", "project_id"])
      .orderBy("id")
      .execute();
    expect(untouched).toEqual(
      [
        { id: device.id, project_id: device.project_id },
        { id: subDevice.id, project_id: subDevice.project_id },
      ].sort((a, b) => a.id - b.id),
    );
  });

  it("answers 404 for another tenant's device, a missing one and the wrong kind", async () => {
    const foreign = await busiestDevice(orgs.other, "himit");
    const own = await otherProjectOf(orgs.distributor, 0);
    const res = await t.post(MOVE, { id: foreign.id, kind: "himit", projectId: own.id }, distributor);
    expect(res.status).toBe(404);
    expect(res.body.errorCode).toBe(NOT_FOUND);
    // The sub-distributor does not reach its parent's devices.
    const parents = await busiestDevice(orgs.distributor, "himit");
    const subProject = await otherProjectOf(orgs.sub, 0);
    expect((await t.post(MOVE, { id: parents.id, kind: "himit", projectId: subProject.id }, sub)).status).toBe(404);
    expect((await t.post(MOVE, { id: 99_999_999, kind: "himit", projectId: own.id }, distributor)).status).toBe(404);
    const hidom = await busiestDevice(orgs.distributor, "hidom");
    expect((await t.post(MOVE, { id: hidom.id, kind: "himit", projectId: own.id }, distributor)).status).toBe(404);
  });

  it("refuses bad input (400), no session (401) and the Hi-Checker module (403)", async () => {
    const device = await busiestDevice(orgs.distributor, "himit");
    const target = await otherProjectOf(orgs.distributor, device.project_id as number);
    const body = { id: device.id, kind: "himit", projectId: target.id };
    for (const bad of [
      { ...body, id: "abc" },
      { ...body, id: 0 },
      { ...body, projectId: -3 },
      { ...body, kind: "checker" },
      { id: device.id, kind: "himit" },
    ]) {
      const res = await t.post(MOVE, bad, distributor);
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await t.post(MOVE, body)).status).toBe(401);
    expect((await t.post(MOVE, body, checker)).status).toBe(403);
    const unchanged = await t.db
      .selectFrom("devices")
      .where("id", "=", device.id)
      .select("project_id")
      .executeTakeFirst();
    expect(unchanged?.project_id).toBe(device.project_id);
  });
});

describe("removing a device", () => {
  it("deletes the device with its units, faults, readings, commands and password, logs it, and keeps counts right", async () => {
    const device = await busiestDevice(orgs.distributor, "himit");
    const project = await t.db
      .selectFrom("projects")
      .where("id", "=", device.project_id as number)
      .select(["code", "himit_count"])
      .executeTakeFirstOrThrow();
    const { reportId } = await giveDeviceLinkHistory({
      id: device.id,
      organisationId: orgs.distributor,
      projectId: device.project_id,
    });
    for (const table of ["faults", "device_commands", "telemetry_snapshots"] as const) {
      expect(await rowsOf(table, device.id), table).toBeGreaterThan(0);
    }

    const res = await t.post(REMOVE, { id: device.id, kind: "himit" }, distributor);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ errorCode: 0, data: null });

    expect(
      await t.db.selectFrom("devices").where("id", "=", device.id).select("id").executeTakeFirst(),
    ).toBeUndefined();
    for (const table of [
      "faults",
      "outdoor_units",
      "indoor_units",
      "device_commands",
      "device_credentials",
      "device_status_history",
      "telemetry_snapshots",
      "device_message_ids",
      "device_seq_windows",
    ] as const) {
      expect(await rowsOf(table, device.id), table).toBe(0);
    }
    // The end user's report stays with the distributor, without the link to a device that is gone.
    const report = await t.db
      .selectFrom("repair_reports")
      .where("id", "=", reportId)
      .select(["device_id", "organisation_id"])
      .executeTakeFirstOrThrow();
    expect(report).toEqual({ device_id: null, organisation_id: orgs.distributor });
    const after = await t.db
      .selectFrom("projects")
      .where("id", "=", device.project_id as number)
      .select("himit_count")
      .executeTakeFirstOrThrow();
    expect(after.himit_count).toBe(project.himit_count - 1);
    const counts = await recountedCounts(t.db);
    expect(counts.kept).toEqual(counts.expected);

    const logged = await t.db
      .selectFrom("security_events")
      .where("organisation_id", "=", orgs.distributor)
      .where("type", "=", "deviceRemoved")
      .select(["email", "detail"])
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(logged.email).toBe("distributor@example.com");
    expect(typeof logged.detail === "string" ? JSON.parse(logged.detail) : logged.detail).toMatchObject({
      kind: "himit",
      serialNumber: device.serial_number,
      projectCode: project.code,
    });

    const again = await t.post(REMOVE, { id: device.id, kind: "himit" }, distributor);
    expect(again.status).toBe(404);
    expect(again.body.errorCode).toBe(NOT_FOUND);
  });

  it("answers 404 outside the scope and for the wrong kind, 400, 401 and 403, and removes nothing", async () => {
    const foreign = await busiestDevice(orgs.other, "smarttouch");
    const parents = await busiestDevice(orgs.distributor, "smarttouch");
    expect((await t.post(REMOVE, { id: foreign.id, kind: "smarttouch" }, distributor)).status).toBe(404);
    expect((await t.post(REMOVE, { id: parents.id, kind: "smarttouch" }, sub)).status).toBe(404);
    expect((await t.post(REMOVE, { id: parents.id, kind: "hidom" }, distributor)).status).toBe(404);
    const checkerDevice = await busiestDevice(orgs.distributor, "checker");
    expect((await t.post(REMOVE, { id: checkerDevice.id, kind: "checker" }, distributor)).status).toBe(400);
    expect((await t.post(REMOVE, { id: "one", kind: "smarttouch" }, distributor)).status).toBe(400);
    expect((await t.post(REMOVE, { id: parents.id, kind: "smarttouch" })).status).toBe(401);
    expect((await t.post(REMOVE, { id: parents.id, kind: "smarttouch" }, checker)).status).toBe(403);
    const left = await t.db
      .selectFrom("devices")
      .where("id", "in", [foreign.id, parents.id, checkerDevice.id])
      .select("id")
      .execute();
    expect(left).toHaveLength(3);
  });
});

describe("emptying a project and deleting it", () => {
  it("refuses to delete while a device is left, then deletes the project once they are moved or removed", async () => {
    const project = await newProject(distributor, "Short-lived Site");
    const himit = await busiestDevice(orgs.distributor, "himit");
    const smarttouch = await busiestDevice(orgs.distributor, "smarttouch");
    const home = himit.project_id as number;
    for (const [device, kind] of [
      [himit, "himit"],
      [smarttouch, "smarttouch"],
    ] as const) {
      const moved = await t.post(MOVE, { id: device.id, kind, projectId: project.id }, distributor);
      expect(moved.body.errorCode).toBe(0);
    }
    const summary = await t.get<{ devices: Record<Kind, number> }>(
      `${PROJECT}/detail`,
      { id: project.id },
      distributor,
    );
    expect(summary.body.data.devices).toEqual({ himit: 1, hidom: 0, smarttouch: 1, checker: 0 });

    const refused = await t.post(`${PROJECT}/delete`, { id: project.id }, distributor);
    expect(refused.status).toBe(409);
    expect(refused.body.errorCode).toBe(PROJECT_HAS_DEVICES);

    expect((await t.post(MOVE, { id: himit.id, kind: "himit", projectId: home }, distributor)).body.errorCode).toBe(0);
    expect((await t.post(`${PROJECT}/delete`, { id: project.id }, distributor)).body.errorCode).toBe(
      PROJECT_HAS_DEVICES,
    );
    expect((await t.post(REMOVE, { id: smarttouch.id, kind: "smarttouch" }, distributor)).body.errorCode).toBe(0);

    const deleted = await t.post(`${PROJECT}/delete`, { id: project.id }, distributor);
    expect(deleted.body.errorCode).toBe(0);
    expect(
      await t.db.selectFrom("projects").where("id", "=", project.id).select("id").executeTakeFirst(),
    ).toBeUndefined();
    // Nothing can be moved into the deleted project.
    const late = await t.post(MOVE, { id: himit.id, kind: "himit", projectId: project.id }, distributor);
    expect(late.body.errorCode).toBe(TARGET_PROJECT_NOT_FOUND);
    const counts = await recountedCounts(t.db);
    expect(counts.kept).toEqual(counts.expected);
  });
});

describe("finding a device's kind by its id", () => {
  it("answers the kind of any device of the scope, 404 beyond it, 400, 401 and 403", async () => {
    for (const kind of ["himit", "hidom", "smarttouch", "checker"] as const) {
      const device = await busiestDevice(orgs.distributor, kind);
      const res = await t.get<{ id: number; kind: string }>(LOCATE, { id: device.id }, distributor);
      expect(res.body.data, kind).toEqual({ id: device.id, kind });
    }
    const subs = await busiestDevice(orgs.sub, "himit");
    expect((await t.get(LOCATE, { id: subs.id }, distributor)).body.data).toEqual({ id: subs.id, kind: "himit" });
    const foreign = await busiestDevice(orgs.other, "hidom");
    const res = await t.get(LOCATE, { id: foreign.id }, distributor);
    expect(res.status).toBe(404);
    expect(res.body.errorCode).toBe(NOT_FOUND);
    expect((await t.get(LOCATE, { id: "x" }, distributor)).status).toBe(400);
    expect((await t.get(LOCATE, { id: foreign.id })).status).toBe(401);
    expect((await t.get(LOCATE, { id: foreign.id }, checker)).status).toBe(403);
    expect((await t.get(LOCATE, { id: foreign.id }, other)).body.data).toEqual({ id: foreign.id, kind: "hidom" });
  });
});
