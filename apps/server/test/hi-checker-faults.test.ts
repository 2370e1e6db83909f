import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

const LIST = "/hmt-web/himit-checker/faults/list";
const STATS = "/hmt-web/himit-checker/faults/stats";
const EXPORT = "/hmt-web/himit-checker/faults/export";
const CODES = "/hmt-web/himit-checker/faults/codes";
const OPTIONS = "/hmt-web/himit-checker/faults/device-options";

interface Page<T> {
  list: T[];
  total: number;
}
interface Fault {
  id: number;
  deviceId: number;
  deviceKind: string;
}

let t: TestApp;
let engineer: string;
let distributor: string;
let distributorCloud: string;
let orgs: Record<"demo" | "sub" | "other", number>;

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

/** A checker of `organisation` with a few faults of its own, bound to `emails`. */
const checkerWithFaults = async (organisation: number, code: string, emails: string[], faults: number) => {
  const device = await t.db
    .insertInto("devices")
    .values({
      organisation_id: organisation,
      kind: "checker",
      device_code: `HC-${code}`,
      serial_number: `HC${code}`,
      checker_type: "temporary",
      storage_capacity_mb: 200,
      created_at: t.clock.now(),
      updated_at: t.clock.now(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (const email of emails) {
    const account = await t.db.selectFrom("accounts").where("email", "=", email).select("id").executeTakeFirstOrThrow();
    await t.db
      .insertInto("device_bound_users")
      .values({ device_id: device.id, account_id: account.id, created_at: t.clock.now() })
      .execute();
  }
  for (let i = 0; i < faults; i++) {
    await t.db
      .insertInto("faults")
      .values({
        organisation_id: organisation,
        device_id: device.id,
        code: "E01",
        system_number: 0,
        occurred_at: new Date(t.clock.now().getTime() - (i + 1) * 3_600_000),
      } as never)
      .execute();
  }
  return Number(device.id);
};

/** Every fault of checkers of `organisationIds`, counted from the rows. */
const checkerFaultCount = async (organisationIds: number[], extraDevices: number[] = []) => {
  const rows = await t.db
    .selectFrom("faults as f")
    .innerJoin("devices as d", "d.id", "f.device_id")
    .where("d.kind", "=", "checker")
    .where((eb) =>
      eb.or([
        eb("d.organisation_id", "in", organisationIds),
        ...(extraDevices.length ? [eb("d.id", "in", extraDevices)] : []),
      ]),
    )
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(rows.n);
};

describe("the Hi-Checker module's fault analysis", () => {
  it("shows the faults of the engineer's checkers only: their organisation's and the ones bound to them", async () => {
    const bound = await checkerWithFaults(orgs.sub, "FLT0001", ["checker@example.com"], 3);
    const unbound = await checkerWithFaults(orgs.sub, "FLT0002", [], 2);
    const foreign = await checkerWithFaults(orgs.other, "FLT0003", [], 2);

    const expected = await checkerFaultCount([orgs.demo], [bound]);
    const list = await t.get<Page<Fault>>(LIST, { pageSize: 200 }, engineer);
    expect(list.body.errorCode).toBe(0);
    expect(list.body.data.total).toBe(expected);
    expect(list.body.data.list.every((f) => f.deviceKind === "checker")).toBe(true);
    const ids = list.body.data.list.map((f) => f.deviceId);
    expect(ids).toContain(bound);
    expect(ids).not.toContain(unbound);
    expect(ids).not.toContain(foreign);

    const stats = await t.get<{ total: number; byCode: { code: string; total: number }[] }>(
      STATS,
      { utcOffsetMinutes: 0 },
      engineer,
    );
    expect(stats.body.data.total).toBe(expected);
    expect(stats.body.data.byCode.reduce((sum, c) => sum + c.total, 0)).toBe(expected);

    // One checker: a bound one is the engineer's; another organisation's answers 404.
    const one = await t.get<Page<Fault>>(LIST, { deviceId: bound }, engineer);
    expect(one.body.data.total).toBe(3);
    expect((await t.get(LIST, { deviceId: unbound }, engineer)).status).toBe(404);
    expect((await t.get(STATS, { deviceId: foreign, utcOffsetMinutes: 0 }, engineer)).status).toBe(404);

    const options = await t.get<{ list: { id: number; kind: string }[] }>(OPTIONS, { keyword: "FLT" }, engineer);
    expect(options.body.data.list.map((o) => o.id)).toEqual([bound]);
  });

  it("shows a distributor's account its channel's checker faults, and nothing of a Hi-Mit", async () => {
    const expected = await checkerFaultCount([orgs.demo, orgs.sub]);
    const list = await t.get<Page<Fault>>(LIST, { pageSize: 20 }, distributor);
    expect(list.body.data.total).toBe(expected);
    const himit = await t.db
      .selectFrom("faults as f")
      .innerJoin("devices as d", "d.id", "f.device_id")
      .where("d.kind", "=", "himit")
      .where("d.organisation_id", "=", orgs.demo)
      .select("d.id")
      .executeTakeFirstOrThrow();
    expect((await t.get(LIST, { deviceId: Number(himit.id) }, distributor)).status).toBe(404);
  });

  it("exports the same faults, and lists the catalogue", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: `${EXPORT}?utcOffsetMinutes=0`,
      headers: { authorization: `Bearer ${engineer}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("spreadsheetml");
    const codes = await t.get<{ list: { code: string }[] }>(CODES, {}, engineer);
    expect(codes.body.data.list.length).toBeGreaterThan(0);
  });

  it("refuses no session (401), a Distributor Cloud session (403) and bad input (400)", async () => {
    expect((await t.get(LIST, {})).status).toBe(401);
    expect((await t.get(LIST, {}, distributorCloud)).status).toBe(403);
    expect((await t.get(STATS, { utcOffsetMinutes: 0 }, distributorCloud)).status).toBe(403);
    expect((await t.get(LIST, { pageSize: 500 }, engineer)).status).toBe(400);
    expect((await t.get(STATS, { utcOffsetMinutes: "x" }, engineer)).status).toBe(400);
  });
});
