import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

let t: TestApp;
let engineer: string;
let distributor: string;
let distributorCloud: string;
let orgs: Record<"demo" | "sub" | "other", number>;

const CHECKERS = "/hmt-web/himit-checker/checkers/list";
const CHECKER = "/hmt-web/himit-checker/checkers/detail";
const REGISTER = "/hmt-web/distributor/devices/checker/register";
const OUTDOOR = "/hmt-web/himit-checker/units/outdoor/list";
const INDOOR = "/hmt-web/himit-checker/units/indoor/list";
const OUTDOOR_HISTORY = "/hmt-web/himit-checker/units/outdoor/history";
const INDOOR_HISTORY = "/hmt-web/himit-checker/units/indoor/history";
const CONTROL = "/hmt-web/himit-checker/commands/control";
const COMMAND = "/hmt-web/himit-checker/commands/get";
const COMMANDS = "/hmt-web/himit-checker/commands/list";

interface Page<T> {
  list: T[];
  total: number;
}
interface CheckerRow {
  id: number;
  serialNumber: string;
  status: string;
  organisationName: string;
}

beforeAll(async () => {
  t = await createTestApp();
  [engineer, distributor, distributorCloud] = await Promise.all([
    t.moduleToken("checker@example.com", 5),
    t.moduleToken("distributor@example.com", 5),
    t.moduleToken("distributor@example.com", 2),
  ]);
  const rows = await t.db.selectFrom("organisations").select(["id", "name"]).execute();
  const byName = (name: string) => rows.find((r) => r.name === name)?.id as number;
  orgs = { demo: byName("Demo Distributor"), sub: byName("Demo Sub-distributor"), other: byName("Other Distributor") };
});
afterAll(() => t.close());

const checkerIds = async (organisationIds: number[]) =>
  (
    await t.db
      .selectFrom("devices")
      .where("organisation_id", "in", organisationIds)
      .where("kind", "=", "checker")
      .select("id")
      .orderBy("id")
      .execute()
  ).map((r) => Number(r.id));

const allListed = async (token: string, query: Record<string, unknown> = {}) => {
  const res = await t.get<Page<CheckerRow>>(CHECKERS, { pageSize: 200, ...query }, token);
  expect(res.body.errorCode).toBe(0);
  return res.body.data;
};

/** A checker the distributor registers in its sub-distributor's project, bound to `emails`. */
const registerSubChecker = async (code: string, emails: string[]) => {
  const project = await t.db
    .selectFrom("projects")
    .where("organisation_id", "=", orgs.sub)
    .select("id")
    .orderBy("id")
    .executeTakeFirstOrThrow();
  const res = await t.post<{ id: number }>(
    REGISTER,
    {
      deviceCode: `HC-${code}`,
      serialNumber: `HC${code}`,
      alias: "Site logger",
      checkerType: "temporary",
      projectId: Number(project.id),
      installDate: "2026-03-01",
      systemNumber: 2,
      boundEmails: emails,
    },
    distributorCloud,
  );
  expect(res.body.errorCode).toBe(0);
  return res.body.data.id;
};

describe("the Hi-Checker module's checkers", () => {
  it("shows an engineer their organisation's checkers and the ones bound to them, wherever they are", async () => {
    const own = await checkerIds([orgs.demo]);
    expect(own.length).toBeGreaterThan(0);
    const before = await allListed(engineer);
    expect(before.total).toBe(own.length);
    expect(before.list.map((r) => r.id).sort((a, b) => a - b)).toEqual(own);

    const bound = await registerSubChecker("BOUND0001", ["checker@example.com"]);
    const unbound = await registerSubChecker("UNBOUND0001", []);
    const after = await allListed(engineer);
    expect(after.total).toBe(own.length + 1);
    expect(after.list.map((r) => r.id)).toContain(bound);
    expect(after.list.map((r) => r.id)).not.toContain(unbound);
    const detail = await t.get<{ id: number; organisationName: string; boundUsers: { email: string }[] }>(
      CHECKER,
      { id: bound },
      engineer,
    );
    expect(detail.body.data).toMatchObject({ id: bound, organisationName: "Demo Sub-distributor" });
    expect(detail.body.data.boundUsers.map((u) => u.email)).toEqual(["checker@example.com"]);
    expect((await t.get(CHECKER, { id: unbound }, engineer)).status).toBe(404);
  });

  it("shows a distributor's account its channel's checkers, as Distributor Cloud does", async () => {
    const channel = await checkerIds([orgs.demo, orgs.sub]);
    const listed = await allListed(distributor);
    expect(listed.total).toBe(channel.length);
    expect(listed.list.map((r) => r.id).sort((a, b) => a - b)).toEqual(channel);
  });

  it("filters, sorts and pages in SQL, bound checkers included", async () => {
    const bound = await registerSubChecker("BOUND0002", ["checker@example.com"]);
    const found = await allListed(engineer, { keyword: "BOUND0002" });
    expect(found.list.map((r) => r.id)).toEqual([bound]);
    expect(found.total).toBe(1);
    const offline = await allListed(engineer, { status: "offline" });
    expect(offline.list.every((r) => r.status === "offline")).toBe(true);
    const all = await allListed(engineer, { sort: "serialNumber", order: "ascend" });
    const serials = all.list.map((r) => r.serialNumber);
    expect(serials).toEqual([...serials].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const first = await t.get<Page<CheckerRow>>(
      CHECKERS,
      { sort: "serialNumber", order: "ascend", pageNum: 2, pageSize: 2 },
      engineer,
    );
    expect(first.body.data.total).toBe(all.total);
    expect(first.body.data.list.map((r) => r.serialNumber)).toEqual(serials.slice(2, 4));
  });

  it("answers 404 for another organisation's checker, a device that is no checker, or a missing id", async () => {
    const [foreign] = await checkerIds([orgs.other]);
    expect((await t.get(CHECKER, { id: foreign }, engineer)).status).toBe(404);
    expect((await t.get(CHECKER, { id: foreign }, distributor)).status).toBe(404);
    const himit = await t.db
      .selectFrom("devices")
      .where("organisation_id", "=", orgs.demo)
      .where("kind", "=", "himit")
      .select("id")
      .executeTakeFirstOrThrow();
    const notChecker = await t.get(CHECKER, { id: Number(himit.id) }, engineer);
    expect(notChecker.status).toBe(404);
    expect(notChecker.body.errorCode).toBe(600909);
    expect((await t.get(CHECKER, { id: 99_999_999 }, engineer)).status).toBe(404);
  });

  it("refuses bad input (400), no session (401) and a Distributor Cloud session (403)", async () => {
    for (const query of [{ status: "sleeping" }, { pageSize: 0 }, { sort: "secret" }, { checkerType: "x" }]) {
      const res = await t.get(CHECKERS, query, engineer);
      expect(res.status, JSON.stringify(query)).toBe(400);
    }
    expect((await t.get(CHECKER, { id: "abc" }, engineer)).status).toBe(400);
    expect((await t.get(CHECKER, {}, engineer)).status).toBe(400);
    expect((await t.get(CHECKERS, {})).status).toBe(401);
    expect((await t.get(CHECKER, { id: 1 })).status).toBe(401);
    const forbidden = await t.get(CHECKERS, {}, distributorCloud);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.errorCode).toBe(700003);
    expect((await t.get(CHECKER, { id: 1 }, distributorCloud)).status).toBe(403);
  });
});

describe("one checker's system in the Hi-Checker module", () => {
  /** A checker of `organisation` with outdoor and indoor units. */
  const checkerWithUnits = async (organisation: number) => {
    const row = await t.db
      .selectFrom("devices as d")
      .where("d.organisation_id", "=", organisation)
      .where("d.kind", "=", "checker")
      .where((eb) => eb.exists(eb.selectFrom("indoor_units as u").whereRef("u.device_id", "=", "d.id").select("u.id")))
      .select(["d.id", "d.system_number"])
      .orderBy("d.id")
      .executeTakeFirstOrThrow();
    return { id: Number(row.id), system: Number(row.system_number) };
  };
  const unitCount = async (table: "outdoor_units" | "indoor_units", deviceId: number) =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .where("device_id", "=", deviceId)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("lists the checker's outdoor and indoor units with their readings, and nothing of another device", async () => {
    const checker = await checkerWithUnits(orgs.demo);
    for (const [path, table] of [
      [OUTDOOR, "outdoor_units"],
      [INDOOR, "indoor_units"],
    ] as const) {
      const res = await t.get<Page<{ device: { id: number }; address: number }>>(
        path,
        { deviceId: checker.id, pageSize: 100 },
        engineer,
      );
      expect(res.body.errorCode).toBe(0);
      expect(res.body.data.total).toBe(await unitCount(table, checker.id));
      expect(res.body.data.list.every((u) => u.device.id === checker.id)).toBe(true);
    }
    const bound = await registerSubChecker("UNITS0001", ["checker@example.com"]);
    const empty = await t.get<Page<unknown>>(INDOOR, { deviceId: bound }, engineer);
    expect(empty.body.data).toMatchObject({ total: 0, list: [] });
  });

  it("answers the units' history and the checker's commands; control refuses an offline checker", async () => {
    const checker = await checkerWithUnits(orgs.demo);
    for (const path of [OUTDOOR_HISTORY, INDOOR_HISTORY]) {
      const res = await t.get<{ points: unknown[] }>(
        path,
        { deviceId: checker.id, systemNumber: checker.system, address: 0 },
        engineer,
      );
      expect(res.body.errorCode, path).toBe(0);
    }
    const commands = await t.get<Page<unknown>>(COMMANDS, { deviceId: checker.id }, engineer);
    expect(commands.body.errorCode).toBe(0);
    await t.db.updateTable("devices").set({ status: "offline" }).where("id", "=", checker.id).execute();
    const before = await t.count("device_commands");
    const control = await t.post(
      CONTROL,
      { deviceId: checker.id, systemNumber: checker.system, set: { powerOn: true } },
      engineer,
    );
    expect(control.body.errorCode).toBe(700700);
    expect(await t.count("device_commands")).toBe(before);
  });

  it("shows one checker's command only through that checker", async () => {
    const checker = await checkerWithUnits(orgs.demo);
    const [other] = (await checkerIds([orgs.demo])).filter((id) => id !== checker.id);
    const engineerId = Number(
      (
        await t.db
          .selectFrom("accounts")
          .where("email", "=", "checker@example.com")
          .select("id")
          .executeTakeFirstOrThrow()
      ).id,
    );
    const id = "6f1d2c3b-4a59-4e7f-8a1b-2c3d4e5f6a7b";
    await t.db
      .insertInto("device_commands")
      .values({
        id,
        organisation_id: orgs.demo,
        device_id: checker.id,
        issued_by: engineerId,
        type: "control",
        system_number: checker.system,
        indoor_addresses: null,
        params: JSON.stringify({ powerOn: true }),
        status: "confirmed",
        issued_at: t.clock.now(),
        expires_at: t.clock.now(),
      })
      .execute();
    const mine = await t.get<{ id: string; deviceId: number }>(COMMAND, { deviceId: checker.id, id }, engineer);
    expect(mine.body.data).toMatchObject({ id, deviceId: checker.id });
    expect((await t.get(COMMAND, { deviceId: other, id }, engineer)).status).toBe(404);
    const listed = await t.get<Page<{ id: string }>>(COMMANDS, { deviceId: checker.id }, engineer);
    expect(listed.body.data.list.map((c) => c.id)).toContain(id);
  });

  it("answers 404 for another organisation's checker or a device that is no checker, and nothing is written", async () => {
    const [foreign] = await checkerIds([orgs.other]);
    const himit = await t.db
      .selectFrom("devices")
      .where("organisation_id", "=", orgs.demo)
      .where("kind", "=", "himit")
      .select("id")
      .executeTakeFirstOrThrow();
    const before = await t.count("device_commands");
    for (const deviceId of [foreign, Number(himit.id), 99_999_999]) {
      for (const path of [OUTDOOR, INDOOR, COMMANDS]) {
        expect((await t.get(path, { deviceId }, engineer)).status, `${path} ${deviceId}`).toBe(404);
      }
      expect((await t.get(INDOOR_HISTORY, { deviceId, systemNumber: 0, address: 0 }, engineer)).status).toBe(404);
      expect((await t.get(COMMAND, { deviceId, id: "6f1d2c3b-4a59-4e7f-8a1b-2c3d4e5f6a7b" }, engineer)).status).toBe(
        404,
      );
      const control = await t.post(CONTROL, { deviceId, systemNumber: 0, set: { powerOn: true } }, engineer);
      expect(control.status).toBe(404);
    }
    expect(await t.count("device_commands")).toBe(before);
  });

  it("refuses bad input (400), no session (401) and a Distributor Cloud session (403)", async () => {
    const checker = await checkerWithUnits(orgs.demo);
    const before = await t.count("device_commands");
    for (const [path, query] of [
      [OUTDOOR, {}],
      [OUTDOOR, { deviceId: checker.id, address: 8 }],
      [INDOOR, { deviceId: "x" }],
      [INDOOR_HISTORY, { deviceId: checker.id, systemNumber: 64, address: 0 }],
      [COMMAND, { deviceId: checker.id, id: "not-a-uuid" }],
      [COMMANDS, {}],
    ] as const) {
      expect((await t.get(path, query, engineer)).status, `${path} ${JSON.stringify(query)}`).toBe(400);
    }
    for (const body of [
      { deviceId: checker.id, systemNumber: 0 },
      { deviceId: checker.id, systemNumber: 0, set: { mode: "freezing" } },
      { deviceId: checker.id, systemNumber: 0, set: { setTempC: 99 } },
    ]) {
      expect((await t.post(CONTROL, body, engineer)).status, JSON.stringify(body)).toBe(400);
    }
    expect(await t.count("device_commands")).toBe(before);
    expect((await t.get(OUTDOOR, { deviceId: checker.id })).status).toBe(401);
    expect((await t.post(CONTROL, { deviceId: checker.id, systemNumber: 0, set: { powerOn: true } })).status).toBe(401);
    expect((await t.get(INDOOR, { deviceId: checker.id }, distributorCloud)).status).toBe(403);
    expect((await t.get(COMMANDS, { deviceId: checker.id }, distributorCloud)).status).toBe(403);
    expect(
      (await t.post(CONTROL, { deviceId: checker.id, systemNumber: 0, set: { powerOn: true } }, distributorCloud))
        .status,
    ).toBe(403);
  });
});
