import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

let t: TestApp;
let distributor: string;
let sub: string;
let other: string;
let checkerOnly: string;
let orgs: Record<"demo" | "sub" | "other", number>;

const LIST = "/hmt-web/distributor/devices/list";
const FACETS = "/hmt-web/distributor/devices/facets";
const DETAIL = "/hmt-web/distributor/devices/detail";
const CHECKERS = "/hmt-web/distributor/devices/checker/list";
const CHECKER = "/hmt-web/distributor/devices/checker/detail";
const REGISTER = "/hmt-web/distributor/devices/checker/register";
const UPDATE = "/hmt-web/distributor/devices/checker/update";
const OUTDOOR = "/hmt-web/distributor/devices/outdoor/list";
const INDOOR = "/hmt-web/distributor/devices/indoor/list";

interface Page<T> {
  list: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}
interface Row {
  id: number;
  serialNumber: string;
  deviceCode: string;
  status: string;
  organisationName: string;
  project: { id: number; name: string } | null;
}

beforeAll(async () => {
  t = await createTestApp();
  [distributor, sub, other, checkerOnly] = await Promise.all([
    t.moduleToken("distributor@example.com", 2),
    t.moduleToken("subdistributor@example.com", 2),
    t.moduleToken("other@example.com", 2),
    t.moduleToken("checker@example.com", 5),
  ]);
  const rows = await t.db.selectFrom("organisations").select(["id", "name"]).execute();
  const byName = (name: string) => rows.find((r) => r.name === name)?.id as number;
  orgs = { demo: byName("Demo Distributor"), sub: byName("Demo Sub-distributor"), other: byName("Other Distributor") };
});
afterAll(() => t.close());

const deviceCount = async (organisationIds: number[], kind: string) =>
  Number(
    (
      await t.db
        .selectFrom("devices")
        .where("organisation_id", "in", organisationIds)
        .where("kind", "=", kind as "himit")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

const firstDevice = (organisationId: number, kind: "himit" | "hidom" | "smarttouch" | "checker") =>
  t.db
    .selectFrom("devices")
    .where("organisation_id", "=", organisationId)
    .where("kind", "=", kind)
    .select(["id", "serial_number", "device_code", "project_id"])
    .orderBy("id")
    .executeTakeFirstOrThrow();

const firstProject = (organisationId: number) =>
  t.db
    .selectFrom("projects")
    .where("organisation_id", "=", organisationId)
    .select(["id", "name"])
    .orderBy("id")
    .executeTakeFirstOrThrow();

describe("controller lists (Hi-MIT, Hi-Dom, SmartTouch)", () => {
  it("pages the distributor's own and its sub-distributor's devices in SQL", async () => {
    const res = await t.get<Page<Row>>(LIST, { kind: "himit", pageNum: 1, pageSize: 10 }, distributor);
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(await deviceCount([orgs.demo, orgs.sub], "himit"));
    expect(res.body.data.list).toHaveLength(10);
    const names = new Set(res.body.data.list.map((r) => r.organisationName));
    expect([...names].every((n) => n === "Demo Distributor" || n === "Demo Sub-distributor")).toBe(true);
    const page2 = await t.get<Page<Row>>(LIST, { kind: "himit", pageNum: 2, pageSize: 10 }, distributor);
    const firstIds = new Set(res.body.data.list.map((r) => r.id));
    expect(page2.body.data.list.some((r) => firstIds.has(r.id))).toBe(false);
  });

  it("filters by keyword, status, organisation, model and firmware, and sorts by a whitelisted column", async () => {
    const device = await firstDevice(orgs.demo, "hidom");
    const bySerial = await t.get<Page<Row>>(
      LIST,
      { kind: "hidom", keyword: device.serial_number.slice(-6) },
      distributor,
    );
    expect(bySerial.body.data.list.map((r) => r.id)).toContain(device.id);
    const byCode = await t.get<Page<Row>>(
      LIST,
      { kind: "hidom", keyword: device.device_code.toLowerCase() },
      distributor,
    );
    expect(byCode.body.data.list.map((r) => r.id)).toEqual([device.id]);

    const offline = await t.get<Page<Row>>(LIST, { kind: "himit", status: "offline", pageSize: 200 }, distributor);
    expect(offline.body.data.list.length).toBeGreaterThan(0);
    expect(offline.body.data.list.every((r) => r.status === "offline")).toBe(true);

    const subOnly = await t.get<Page<Row>>(
      LIST,
      { kind: "himit", organisationId: orgs.sub, pageSize: 200 },
      distributor,
    );
    expect(subOnly.body.data.total).toBe(await deviceCount([orgs.sub], "himit"));
    expect(subOnly.body.data.list.every((r) => r.organisationName === "Demo Sub-distributor")).toBe(true);

    const facets = await t.get<{ models: string[]; firmwares: string[] }>(FACETS, { kind: "himit" }, distributor);
    const model = facets.body.data.models[0] as string;
    const firmware = facets.body.data.firmwares[0] as string;
    const filtered = await t.get<Page<Row & { model: string; firmware: string }>>(
      LIST,
      { kind: "himit", model, firmware, pageSize: 200 },
      distributor,
    );
    expect(filtered.body.data.list.every((r) => r.model === model && r.firmware === firmware)).toBe(true);

    const sorted = await t.get<Page<Row>>(
      LIST,
      { kind: "himit", sort: "serialNumber", order: "ascend", pageSize: 20 },
      distributor,
    );
    const serials = sorted.body.data.list.map((r) => r.serialNumber);
    expect(serials).toEqual([...serials].sort());
  });

  it("filters by project and shows the project on each row", async () => {
    const device = await firstDevice(orgs.demo, "himit");
    const res = await t.get<Page<Row>>(LIST, { kind: "himit", projectId: device.project_id as number }, distributor);
    expect(res.body.data.list.length).toBeGreaterThan(0);
    expect(res.body.data.list.every((r) => r.project?.id === device.project_id)).toBe(true);
  });

  it("shows a sub-distributor only its own devices, even when it names another organisation", async () => {
    const res = await t.get<Page<Row>>(LIST, { kind: "himit", pageSize: 200 }, sub);
    expect(res.body.data.total).toBe(await deviceCount([orgs.sub], "himit"));
    expect(res.body.data.list.every((r) => r.organisationName === "Demo Sub-distributor")).toBe(true);
    const foreign = await t.get<Page<Row>>(LIST, { kind: "himit", organisationId: orgs.demo }, sub);
    expect(foreign.body.data.total).toBe(0);
    const otherTenant = await t.get<Page<Row>>(LIST, { kind: "himit", pageSize: 200 }, other);
    expect(otherTenant.body.data.total).toBe(await deviceCount([orgs.other], "himit"));
    expect(otherTenant.body.data.list.every((r) => r.organisationName === "Other Distributor")).toBe(true);
  });

  it("refuses bad input (400), no session (401) and the Hi-Checker module (403)", async () => {
    expect((await t.get(LIST, { kind: "toaster" }, distributor)).status).toBe(400);
    expect((await t.get(LIST, { kind: "himit", pageSize: 500 }, distributor)).status).toBe(400);
    expect((await t.get(LIST, { kind: "himit", sort: "password_hash" }, distributor)).status).toBe(400);
    expect((await t.get(LIST, { kind: "himit", status: "exploded" }, distributor)).status).toBe(400);
    expect((await t.get(LIST, { kind: "himit", projectId: "1e20" }, distributor)).status).toBe(400);
    expect((await t.get(LIST, { kind: "himit", pageNum: 10_000_000 }, distributor)).status).toBe(400);
    expect((await t.get(LIST, { kind: "himit" })).status).toBe(401);
    const forbidden = await t.get(LIST, { kind: "himit" }, checkerOnly);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.errorCode).toBe(700003);
    expect((await t.get(FACETS, { kind: "himit" }, checkerOnly)).status).toBe(403);
  });
});

describe("controller detail", () => {
  it("shows identity, project, status history and recent faults named in the reader's language", async () => {
    const device = await firstDevice(orgs.demo, "himit");
    await t.db
      .insertInto("fault_codes")
      .values({ code: "TST01", name_zh: "测试故障", name_en: "Test fault", checks_zh: "-", checks_en: "-" })
      .onConflict((oc) => oc.column("code").doNothing())
      .execute();
    await t.db
      .insertInto("faults")
      .values([
        {
          organisation_id: orgs.demo,
          project_id: device.project_id,
          device_id: device.id,
          code: "TST01",
          system_number: 0,
          indoor_address: 3,
          occurred_at: "2026-03-01T07:00:00Z",
        },
        {
          organisation_id: orgs.demo,
          project_id: device.project_id,
          device_id: device.id,
          code: "ZZ99",
          system_number: 0,
          occurred_at: "2026-03-01T06:00:00Z",
          repaired_at: "2026-03-01T06:30:00Z",
        },
      ])
      .execute();

    const open = await t.db
      .selectFrom("faults")
      .where("device_id", "=", device.id)
      .where("repaired_at", "is", null)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(open.n)).toBeGreaterThan(0);
    const read = (language: string) =>
      t.app.inject({
        method: "GET",
        url: `${DETAIL}?id=${device.id}&kind=himit`,
        headers: { authorization: `Bearer ${distributor}`, "accept-language": `zh_CN,${language}` },
      });
    const en = (await read("en")).json();
    expect(en.errorCode).toBe(0);
    expect(en.data).toMatchObject({
      id: device.id,
      kind: "himit",
      serialNumber: device.serial_number,
      deviceCode: device.device_code,
      project: { id: device.project_id },
      openFaults: Number(open.n),
    });
    expect(en.data.statusHistory.length).toBeGreaterThan(0);
    expect(en.data.statusHistory[0]).toMatchObject({ status: expect.any(String), at: expect.stringMatching(/Z$/) });
    expect(
      en.data.recentFaults.slice(0, 2).map((f: { code: string; name: string | null }) => [f.code, f.name]),
    ).toEqual([
      ["TST01", "Test fault"],
      ["ZZ99", null],
    ]);
    expect(en.data.recentFaults[1].repairedAt).toBe("2026-03-01T06:30:00.000Z");
    const zh = (await read("zh")).json();
    expect(zh.data.recentFaults[0].name).toBe("测试故障");
  });

  it("answers 404 for another tenant's device, a wrong kind, or a missing id; a distributor sees its sub's", async () => {
    const foreign = await firstDevice(orgs.other, "himit");
    const res = await t.get(DETAIL, { id: foreign.id, kind: "himit" }, distributor);
    expect(res.status).toBe(404);
    expect(res.body.errorCode).toBe(600909);
    expect((await t.get(DETAIL, { id: 99_999_999, kind: "himit" }, distributor)).status).toBe(404);
    const own = await firstDevice(orgs.demo, "himit");
    expect((await t.get(DETAIL, { id: own.id, kind: "hidom" }, distributor)).status).toBe(404);
    expect((await t.get(DETAIL, { id: own.id, kind: "himit" }, sub)).status).toBe(404);
    const subDevice = await firstDevice(orgs.sub, "himit");
    expect((await t.get(DETAIL, { id: subDevice.id, kind: "himit" }, distributor)).status).toBe(200);
    expect((await t.get(DETAIL, { id: subDevice.id, kind: "himit" }, sub)).status).toBe(200);
  });

  it("refuses bad input (400), no session (401) and the Hi-Checker module (403)", async () => {
    expect((await t.get(DETAIL, { id: "abc", kind: "himit" }, distributor)).status).toBe(400);
    expect((await t.get(DETAIL, { id: "100000000000000000000", kind: "himit" }, distributor)).status).toBe(400);
    expect((await t.get(DETAIL, { id: 1 }, distributor)).status).toBe(400);
    expect((await t.get(DETAIL, { id: 1, kind: "himit" })).status).toBe(401);
    expect((await t.get(DETAIL, { id: 1, kind: "himit" }, checkerOnly)).status).toBe(403);
  });
});

describe("Hi-Checker list", () => {
  interface CheckerRow extends Row {
    checkerType: string;
    storageCapacityMb: number;
    usedCapacityMb: number;
    alias: string;
  }

  it("lists checkers with storage, type and project, filtered by status and type", async () => {
    const all = await t.get<Page<CheckerRow>>(CHECKERS, { pageSize: 200 }, distributor);
    expect(all.body.data.total).toBe(await deviceCount([orgs.demo, orgs.sub], "checker"));
    const row = all.body.data.list[0] as CheckerRow;
    expect(row).toMatchObject({ alias: expect.any(String), storageCapacityMb: expect.any(Number) });
    const stationary = await t.get<Page<CheckerRow>>(
      CHECKERS,
      { checkerType: "stationary", pageSize: 200 },
      distributor,
    );
    expect(stationary.body.data.list.every((r) => r.checkerType === "stationary" && r.storageCapacityMb === 4096)).toBe(
      true,
    );
    const standby = await t.get<Page<CheckerRow>>(CHECKERS, { status: "standby", pageSize: 200 }, distributor);
    expect(standby.body.data.list.every((r) => r.status === "standby")).toBe(true);
    const subOnly = await t.get<Page<CheckerRow>>(CHECKERS, { pageSize: 200 }, sub);
    expect(subOnly.body.data.total).toBe(await deviceCount([orgs.sub], "checker"));
    expect(subOnly.body.data.list.every((r) => r.organisationName === "Demo Sub-distributor")).toBe(true);
  });

  it("refuses an unknown status (400), no session (401) and the Hi-Checker module (403)", async () => {
    expect((await t.get(CHECKERS, { status: "sleeping" }, distributor)).status).toBe(400);
    expect((await t.get(CHECKERS, {})).status).toBe(401);
    expect((await t.get(CHECKERS, {}, checkerOnly)).status).toBe(403);
  });
});

describe("registering and editing a Hi-Checker", () => {
  const input = async (overrides: Record<string, unknown> = {}) => ({
    deviceCode: "HC-TEST00000001",
    serialNumber: "HC2026TEST0001",
    alias: "Roof logger",
    checkerType: "temporary",
    projectId: (await firstProject(orgs.demo)).id,
    installDate: "2026-02-20",
    systemNumber: 5,
    boundEmails: ["checker@example.com"],
    ...overrides,
  });
  const checkers = async () => deviceCount([orgs.demo, orgs.sub, orgs.other], "checker");

  it("registers a checker with its bound users in one go, then shows every field on its detail", async () => {
    const before = await checkers();
    const res = await t.post<{ id: number; credentials: { username: string; password: string } }>(
      REGISTER,
      await input({ deviceCode: "  HC-TEST00000001 " }),
      distributor,
    );
    expect(res.body.errorCode).toBe(0);
    expect(await checkers()).toBe(before + 1);
    // Its MQTT credentials are in the answer, once: username = serial number.
    expect(res.body.data.credentials.username).toBe("HC2026TEST0001");
    expect(res.body.data.credentials.password).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const detail = await t.get<Record<string, unknown>>(CHECKER, { id: res.body.data.id }, distributor);
    expect(detail.body.data).toMatchObject({
      deviceCode: "HC-TEST00000001",
      serialNumber: "HC2026TEST0001",
      alias: "Roof logger",
      checkerType: "temporary",
      storageCapacityMb: 200,
      usedCapacityMb: 0,
      status: "offline",
      installDate: "2026-02-20",
      systemNumber: 5,
      adminEmail: "distributor@example.com",
      boundUsers: [{ email: "checker@example.com", name: "Service Engineer" }],
      outdoorCount: 0,
      indoorCount: 0,
      faultyIndoorCount: 0,
      statusHistory: [{ status: "offline", at: "2026-03-01T08:00:00.000Z" }],
    });
    const listed = await t.get<Page<Row>>(CHECKERS, { keyword: "HC-TEST0000" }, distributor);
    expect(listed.body.data.list.map((r) => r.id)).toEqual([res.body.data.id]);
  });

  it("refuses a registered serial (409) or device ID (409) and writes nothing", async () => {
    const existing = await firstDevice(orgs.other, "checker");
    const before = await checkers();
    const serial = await t.post(
      REGISTER,
      await input({ deviceCode: "HC-NEW1", serialNumber: existing.serial_number }),
      distributor,
    );
    expect(serial.status).toBe(409);
    expect(serial.body.errorCode).toBe(700021);
    const code = await t.post(
      REGISTER,
      await input({ deviceCode: existing.device_code, serialNumber: "HCNEW1" }),
      distributor,
    );
    expect(code.status).toBe(409);
    expect(code.body.errorCode).toBe(700022);
    expect(await checkers()).toBe(before);
  });

  it("registers a serial once when two requests race for it", async () => {
    const body = await input({ deviceCode: "HC-RACE1", serialNumber: "HCRACE0001", boundEmails: [] });
    const results = await Promise.all([
      t.post(REGISTER, body, distributor),
      t.post(REGISTER, { ...body, deviceCode: "HC-RACE2" }, distributor),
    ]);
    expect(results.map((r) => r.body.errorCode).sort()).toEqual([0, 700021]);
    expect(results.every((r) => r.status < 500)).toBe(true);
  });

  it("refuses the caller as bound user, an unknown e-mail and a repeated e-mail, writing nothing", async () => {
    const before = await checkers();
    const bound = await t.db
      .selectFrom("device_bound_users")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    const fresh = { deviceCode: "HC-NEW2", serialNumber: "HCNEW2" };
    const self = await t.post(
      REGISTER,
      await input({ ...fresh, boundEmails: ["Distributor@Example.com"] }),
      distributor,
    );
    expect(self.body.errorCode).toBe(700011);
    expect(self.status).toBe(400);
    const unknown = await t.post(REGISTER, await input({ ...fresh, boundEmails: ["nobody@example.com"] }), distributor);
    expect(unknown.body.errorCode).toBe(600708);
    expect(unknown.body.data).toEqual({ email: "nobody@example.com" });
    // Another tenant's account is not bindable, and answers exactly like an unknown one.
    const foreign = await t.post(REGISTER, await input({ ...fresh, boundEmails: ["other@example.com"] }), distributor);
    expect(foreign.body).toMatchObject({ errorCode: 600708, data: { email: "other@example.com" } });
    const twice = await t.post(
      REGISTER,
      await input({ ...fresh, boundEmails: ["checker@example.com", "CHECKER@example.com"] }),
      distributor,
    );
    expect(twice.status).toBe(400);
    expect(await checkers()).toBe(before);
    const boundAfter = await t.db
      .selectFrom("device_bound_users")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(boundAfter.n)).toBe(Number(bound.n));
  });

  it("refuses bad fields (400) and another tenant's project (700026)", async () => {
    const before = await checkers();
    const fresh = { deviceCode: "HC-NEW3", serialNumber: "HCNEW3" };
    for (const bad of [
      { deviceCode: "" },
      { deviceCode: "HC NEW 3" },
      { serialNumber: "HC#3" },
      { serialNumber: "序列号" },
      { systemNumber: 64 },
      { systemNumber: -1 },
      { checkerType: "portable" },
      { installDate: "2026-13-45" },
      { installDate: "2026-02-30" },
      { installDate: "0000-01-01" },
      { alias: "<b>" },
      { boundEmails: ["not-an-email"] },
    ]) {
      const res = await t.post(REGISTER, await input({ ...fresh, ...bad }), distributor);
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    const foreignProject = await firstProject(orgs.other);
    const foreign = await t.post(REGISTER, await input({ ...fresh, projectId: foreignProject.id }), distributor);
    expect(foreign.body.errorCode).toBe(700026);
    expect(await checkers()).toBe(before);
  });

  it("lets a distributor register into its sub-distributor's project, which the sub then sees", async () => {
    const subProject = await firstProject(orgs.sub);
    const res = await t.post<{ id: number }>(
      REGISTER,
      await input({ deviceCode: "HC-SUB0001", serialNumber: "HCSUB0001", projectId: subProject.id }),
      distributor,
    );
    expect(res.body.errorCode).toBe(0);
    expect((await t.get(CHECKER, { id: res.body.data.id }, sub)).status).toBe(200);
    const own = await firstProject(orgs.demo);
    const refused = await t.post(
      REGISTER,
      await input({ deviceCode: "HC-SUB0002", serialNumber: "HCSUB0002", projectId: own.id, boundEmails: [] }),
      sub,
    );
    expect(refused.body.errorCode).toBe(700026);
  });

  it("edits a checker: type sets the storage, bound users are replaced, its own serial is not a conflict", async () => {
    const created = await t.post<{ id: number }>(
      REGISTER,
      await input({ deviceCode: "HC-EDIT0001", serialNumber: "HCEDIT0001" }),
      distributor,
    );
    const id = created.body.data.id;
    const res = await t.post(
      UPDATE,
      {
        id,
        ...(await input({
          deviceCode: "HC-EDIT0001",
          serialNumber: "HCEDIT0001",
          checkerType: "stationary",
          alias: "Plant room",
          boundEmails: [],
        })),
      },
      distributor,
    );
    expect(res.body.errorCode).toBe(0);
    const detail = await t.get<Record<string, unknown>>(CHECKER, { id }, distributor);
    expect(detail.body.data).toMatchObject({
      alias: "Plant room",
      checkerType: "stationary",
      storageCapacityMb: 4096,
      boundUsers: [],
    });

    const foreign = await firstDevice(orgs.other, "checker");
    const notYours = await t.post(
      UPDATE,
      { id: foreign.id, ...(await input({ deviceCode: "HC-X", serialNumber: "HCX" })) },
      distributor,
    );
    expect(notYours.status).toBe(404);
    const taken = await firstDevice(orgs.demo, "checker");
    const conflict = await t.post(
      UPDATE,
      { id, ...(await input({ deviceCode: "HC-EDIT0001", serialNumber: taken.serial_number })) },
      distributor,
    );
    expect(conflict.body.errorCode).toBe(700021);
    expect((await t.get<{ serialNumber: string }>(CHECKER, { id }, distributor)).body.data.serialNumber).toBe(
      "HCEDIT0001",
    );
  });

  it("answers 404 for another tenant's checker detail; refuses no session (401) and the Hi-Checker module (403)", async () => {
    const foreign = await firstDevice(orgs.other, "checker");
    expect((await t.get(CHECKER, { id: foreign.id }, distributor)).status).toBe(404);
    const himit = await firstDevice(orgs.demo, "himit");
    expect((await t.get(CHECKER, { id: himit.id }, distributor)).status).toBe(404);
    expect((await t.post(REGISTER, await input({ deviceCode: "HC-N401", serialNumber: "HCN401" }))).status).toBe(401);
    expect(
      (await t.post(REGISTER, await input({ deviceCode: "HC-N403", serialNumber: "HCN403" }), checkerOnly)).status,
    ).toBe(403);
    expect((await t.get(CHECKER, { id: foreign.id }, checkerOnly)).status).toBe(403);
    expect((await t.get(CHECKER, { id: foreign.id })).status).toBe(401);
  });
});

describe("outdoor and indoor unit lists", () => {
  interface Unit {
    id: number;
    systemNumber: number;
    address: number;
    status: string;
    device: { id: number; serialNumber: string };
    project: { id: number } | null;
  }
  const unitCount = async (table: "outdoor_units" | "indoor_units", organisationIds: number[]) =>
    Number(
      (
        await t.db
          .selectFrom(`${table} as u` as "outdoor_units as u")
          .innerJoin("devices as d", "d.id", "u.device_id")
          .where("d.organisation_id", "in", organisationIds)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("lists the units of the caller's devices, filtered by device, system, address and status", async () => {
    const all = await t.get<Page<Unit>>(OUTDOOR, { pageSize: 50 }, distributor);
    expect(all.body.data.total).toBe(await unitCount("outdoor_units", [orgs.demo, orgs.sub]));
    const device = await firstDevice(orgs.demo, "himit");
    const ofDevice = await t.get<Page<Unit & { runningHours: number }>>(OUTDOOR, { deviceId: device.id }, distributor);
    expect(ofDevice.body.data.total).toBeGreaterThan(0);
    expect(ofDevice.body.data.list.every((u) => u.device.id === device.id && u.runningHours >= 0)).toBe(true);
    const bySerial = await t.get<Page<Unit>>(OUTDOOR, { deviceSerial: device.serial_number }, distributor);
    expect(bySerial.body.data.total).toBe(ofDevice.body.data.total);
    const address0 = await t.get<Page<Unit>>(OUTDOOR, { address: 0, systemNumber: 0, pageSize: 200 }, distributor);
    expect(address0.body.data.list.every((u) => u.address === 0 && u.systemNumber === 0)).toBe(true);

    const indoor = await t.get<Page<Unit & { powerOn: boolean; mode: string }>>(
      INDOOR,
      { status: "alarm", pageSize: 200 },
      distributor,
    );
    expect(indoor.body.data.list.length).toBeGreaterThan(0);
    expect(indoor.body.data.list.every((u) => u.status === "alarm" && typeof u.powerOn === "boolean")).toBe(true);
    const sorted = await t.get<Page<Unit>>(
      INDOOR,
      { deviceId: device.id, sort: "address", order: "descend" },
      distributor,
    );
    const addresses = sorted.body.data.list.map((u) => u.address);
    expect(addresses).toEqual([...addresses].sort((a, b) => b - a));
  });

  it("keeps a sub-distributor and other tenants to their own units", async () => {
    const subUnits = await t.get<Page<Unit>>(INDOOR, { pageSize: 10 }, sub);
    expect(subUnits.body.data.total).toBe(await unitCount("indoor_units", [orgs.sub]));
    const foreign = await firstDevice(orgs.other, "himit");
    const res = await t.get<Page<Unit>>(OUTDOOR, { deviceId: foreign.id }, distributor);
    expect(res.body.data.total).toBe(0);
  });

  it("validates system 0-63, outdoor address 0-7, indoor address 0-63 (400); 401 and 403", async () => {
    expect((await t.get(OUTDOOR, { address: 8 }, distributor)).status).toBe(400);
    expect((await t.get(OUTDOOR, { address: 7 }, distributor)).status).toBe(200);
    expect((await t.get(INDOOR, { address: 64 }, distributor)).status).toBe(400);
    expect((await t.get(INDOOR, { address: 63 }, distributor)).status).toBe(200);
    expect((await t.get(INDOOR, { systemNumber: 64 }, distributor)).status).toBe(400);
    expect((await t.get(INDOOR, { systemNumber: "x" }, distributor)).status).toBe(400);
    expect((await t.get(OUTDOOR, {})).status).toBe(401);
    expect((await t.get(INDOOR, {}, checkerOnly)).status).toBe(403);
  });
});

describe("exporting device lists", () => {
  const download = (url: string, token?: string, language = "en") =>
    t.app.inject({
      method: "GET",
      url,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), "accept-language": `zh_CN,${language}` },
    });
  const sheetOf = async (body: Buffer) => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(body as unknown as ArrayBuffer);
    return workbook.worksheets[0] as ExcelJS.Worksheet;
  };

  it("exports the filtered Hi-MIT list with headers in the reader's language", async () => {
    const res = await download("/hmt-web/distributor/devices/export?kind=himit&status=offline", distributor, "zh");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("spreadsheetml");
    expect(res.headers["content-disposition"]).toContain("himit-2026-03-01.xlsx");
    const sheet = await sheetOf(res.rawPayload);
    expect(sheet.getRow(1).getCell(1).value).toBe("设备 ID");
    const offline = await t.get<Page<Row>>(LIST, { kind: "himit", status: "offline", pageSize: 200 }, distributor);
    expect(sheet.rowCount - 1).toBe(offline.body.data.total);
    const serials = new Set<string>();
    sheet.eachRow((row, n) => {
      if (n > 1) serials.add(String(row.getCell(2).value));
    });
    expect([...serials].sort()).toEqual(offline.body.data.list.map((r) => r.serialNumber).sort());
  });

  it("exports only the sub-distributor's own checkers to it", async () => {
    const res = await download("/hmt-web/distributor/devices/checker/export", sub);
    expect(res.statusCode).toBe(200);
    const sheet = await sheetOf(res.rawPayload);
    expect(sheet.getRow(1).getCell(1).value).toBe("Device ID");
    expect(sheet.rowCount - 1).toBe(await deviceCount([orgs.sub], "checker"));
  });

  it("refuses bad input (400), no session (401) and the Hi-Checker module (403)", async () => {
    expect((await download("/hmt-web/distributor/devices/export?kind=fridge", distributor)).statusCode).toBe(400);
    expect((await download("/hmt-web/distributor/devices/export?kind=himit")).statusCode).toBe(401);
    expect((await download("/hmt-web/distributor/devices/checker/export", checkerOnly)).statusCode).toBe(403);
  });
});
