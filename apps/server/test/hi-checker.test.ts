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
