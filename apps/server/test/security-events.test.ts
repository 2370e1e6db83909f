import { SECURITY_EVENT_COUNT_CAP, type TSecurityEvent } from "@vrf/contract/security-events/list.ts";
import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addSecurityEventsMenu } from "../src/db/migrations/0005_security_events.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

const BASE = "/hmt-web/distributor/security-events";
const LIST = `${BASE}/list`;
const ACCOUNTS = `${BASE}/accounts`;
const EXPORT = `${BASE}/export`;
const AUTHORITY = "/hmt-web/himit-checker/sys/authority";
const SUB = "/hmt-web/distributor/sub-distributors";

interface Page<T> {
  list: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}
interface Menu {
  url: string;
  children: Menu[];
}

const DISTRIBUTOR = "distributor@example.com";
const CHECKER = "checker@example.com";
const OTHER = "other@example.com";
const SUB_DISTRIBUTOR = "subdistributor@example.com";

let t: TestApp;
const tokens: Record<string, string> = {};
const as = async (email: string) => {
  tokens[email] ??= await t.moduleToken(email, 2);
  return tokens[email];
};

const account = (email: string) =>
  t.db
    .selectFrom("accounts")
    .where("email", "=", email)
    .select(["id", "organisation_id as organisationId"])
    .executeTakeFirstOrThrow();

const list = async (email: string, body: Record<string, unknown> = {}) => {
  const res = await t.post<Page<TSecurityEvent>>(LIST, { pageSize: 200, ...body }, await as(email));
  expect(res.status).toBe(200);
  return res.body.data;
};

const names = (menu: Menu[]): string[] => menu.flatMap((m) => [m.url, ...names(m.children ?? [])]);

// A fixed history inside one hour of the test clock's day, away from anything the app writes itself.
const HISTORY_START = new Date("2026-02-01T00:00:00Z");

beforeAll(async () => {
  t = await createTestApp();
  const distributor = await account(DISTRIBUTOR);
  const checker = await account(CHECKER);
  const other = await account(OTHER);
  const { record } = t.app.services.securityEvents;
  const now = t.clock.now();
  t.clock.set(HISTORY_START);
  // Twelve failed sign-ins of the distributor, one a minute, then three password changes of the engineer.
  for (let i = 0; i < 12; i++) {
    await record({
      organisationId: distributor.organisationId,
      accountId: distributor.id,
      email: DISTRIBUTOR,
      type: "signInFailed",
      ip: "203.0.113.7",
      userAgent: "Mozilla/5.0 test",
      detail: { attempt: i + 1 },
    });
    t.clock.advance(60_000);
  }
  for (let i = 0; i < 3; i++) {
    await record({
      organisationId: checker.organisationId,
      accountId: checker.id,
      email: CHECKER,
      type: "passwordChanged",
      ip: "198.51.100.2",
    });
    t.clock.advance(60_000);
  }
  await record({
    organisationId: other.organisationId,
    accountId: other.id,
    email: OTHER,
    type: "signInFailed",
    ip: "192.0.2.1",
  });
  // An unknown account's failed sign-in belongs to nobody.
  await record({ organisationId: null, accountId: null, email: "nobody@example.com", type: "signInFailed", ip: null });
  t.clock.set(now);
});
afterAll(() => t.close());

describe("the list", () => {
  it("shows the organisation's events newest first, paged in SQL with a total", async () => {
    const first = await list(DISTRIBUTOR, { types: ["signInFailed"], pageNum: 1, pageSize: 5 });
    expect(first.total).toBe(12);
    expect(first.list.map((e) => e.detail.attempt)).toEqual([12, 11, 10, 9, 8]);
    expect(first.list[0]).toMatchObject({
      type: "signInFailed",
      email: DISTRIBUTOR,
      ip: "203.0.113.7",
      userAgent: "Mozilla/5.0 test",
      createdAt: "2026-02-01T00:11:00.000Z",
    });
    const third = await list(DISTRIBUTOR, { types: ["signInFailed"], pageNum: 3, pageSize: 5 });
    expect(third.list.map((e) => e.detail.attempt)).toEqual([2, 1]);
    expect(third).toMatchObject({ total: 12, pageNum: 3, pageSize: 5 });
  });

  it("filters by user, e-mail, several types and a time range", async () => {
    const checker = await account(CHECKER);
    const byUser = await list(DISTRIBUTOR, { accountId: checker.id });
    expect(byUser.list.map((e) => e.type)).toEqual(["passwordChanged", "passwordChanged", "passwordChanged"]);
    const byEmail = await list(DISTRIBUTOR, { email: "CHECKER@" });
    expect(byEmail.total).toBe(3);
    const twoTypes = await list(DISTRIBUTOR, { types: ["signInFailed", "passwordChanged"] });
    expect(twoTypes.total).toBe(15);
    // From 00:05 (inclusive) to 00:08 (exclusive): attempts 6, 7 and 8.
    const range = await list(DISTRIBUTOR, { from: "2026-02-01T00:05:00Z", to: "2026-02-01T00:08:00Z" });
    expect(range.list.map((e) => e.detail.attempt)).toEqual([8, 7, 6]);
  });

  it("offers the organisation's own accounts for the user filter", async () => {
    const res = await t.get<{ list: { email: string }[] }>(ACCOUNTS, {}, await as(DISTRIBUTOR));
    expect(res.status).toBe(200);
    expect(res.body.data.list.map((a) => a.email).sort()).toEqual([CHECKER, DISTRIBUTOR]);
  });

  it("never shows another tenant's events, nor those of nobody's", async () => {
    const distributor = await account(DISTRIBUTOR);
    const others = await list(OTHER);
    expect(others.list.length).toBeGreaterThan(0);
    expect(others.list.every((e) => e.email === OTHER)).toBe(true);
    expect((await list(OTHER, { accountId: distributor.id })).total).toBe(0);
    expect((await list(OTHER, { email: "example.com", types: ["passwordChanged"] })).total).toBe(0);
    const mine = await list(DISTRIBUTOR, { types: ["signInFailed"] });
    expect(mine.list.some((e) => e.email === OTHER || e.email === "nobody@example.com")).toBe(false);
  });

  it("refuses bad input with 400", async () => {
    const token = await as(DISTRIBUTOR);
    expect((await t.post(LIST, { pageSize: 201 }, token)).status).toBe(400);
    expect((await t.post(LIST, { types: ["bogus"] }, token)).status).toBe(400);
    expect((await t.post(LIST, { from: "2026-02-02T00:00:00Z", to: "2026-02-01T00:00:00Z" }, token)).status).toBe(400);
    expect((await t.post(LIST, { email: "x".repeat(101) }, token)).status).toBe(400);
    expect((await t.post(EXPORT, { from: "yesterday" }, token)).status).toBe(400);
  });
});

describe("access", () => {
  it("refuses a sub-distributor (403), the Hi-Checker module (403) and a call without a session (401)", async () => {
    const sub = await as(SUB_DISTRIBUTOR);
    expect((await t.post(LIST, {}, sub)).status).toBe(403);
    expect((await t.get(ACCOUNTS, {}, sub)).status).toBe(403);
    expect((await t.post(EXPORT, {}, sub)).status).toBe(403);
    const checker = await t.moduleToken(CHECKER, 5);
    expect((await t.post(LIST, {}, checker)).status).toBe(403);
    expect((await t.post(LIST, {})).status).toBe(401);
  });

  it("lists the page in a distributor's menu and leaves it out of a sub-distributor's", async () => {
    const mine = await t.post<{ checkerMenuEntityList: Menu[] }>(AUTHORITY, {}, await as(DISTRIBUTOR));
    expect(names(mine.body.data.checkerMenuEntityList)).toContain("securityEvents");
    const sub = await t.post<{ checkerMenuEntityList: Menu[] }>(AUTHORITY, {}, await as(SUB_DISTRIBUTOR));
    expect(names(sub.body.data.checkerMenuEntityList)).not.toContain("securityEvents");
  });

  it("adds the menu entry once to a database whose menus were seeded before the page existed", async () => {
    const entries = () =>
      t.db
        .selectFrom("menus as m")
        .innerJoin("menus as p", "p.id", "m.pid")
        .where("m.url", "=", "securityEvents")
        .select(["m.authority_num as authorityNum", "p.url as parent"])
        .execute();
    await t.db.deleteFrom("menus").where("url", "=", "securityEvents").execute();
    await addSecurityEventsMenu(t.db as unknown as Kysely<unknown>);
    await addSecurityEventsMenu(t.db as unknown as Kysely<unknown>);
    expect(await entries()).toEqual([{ authorityNum: 2, parent: "platformCenter" }]);
  });
});

describe("what writes an event", () => {
  it("a module sign-in records the module, address and browser", async () => {
    const before = t.clock.now().toISOString();
    const { accessToken } = await t.login(DISTRIBUTOR);
    const res = await t.app.inject({
      method: "POST",
      url: "/hmt-web/himit-checker/sys/login",
      payload: { accessToken, authorityNum: 2 },
      remoteAddress: "198.51.100.77",
      headers: { "user-agent": "SecurityEventsTest/1.0" },
    });
    expect(res.statusCode).toBe(200);
    const events = await list(DISTRIBUTOR, { types: ["moduleSession"], from: before });
    expect(events.list[0]).toMatchObject({
      type: "moduleSession",
      email: DISTRIBUTOR,
      ip: "198.51.100.77",
      userAgent: "SecurityEventsTest/1.0",
      detail: { authorityNum: 2 },
    });
  });

  it("an export answers an xlsx file and records what left and how many rows", async () => {
    const token = await as(DISTRIBUTOR);
    const res = await t.app.inject({
      method: "POST",
      url: EXPORT,
      payload: { types: ["signInFailed"], utcOffsetMinutes: 480 },
      headers: { authorization: `Bearer ${token}`, "accept-language": "zh" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("spreadsheetml");
    expect(res.headers["content-disposition"]).toContain(encodeURIComponent("安全事件"));
    expect(res.rawPayload.subarray(0, 2).toString()).toBe("PK");
    const [event] = (await list(DISTRIBUTOR, { types: ["export"] })).list;
    expect(event).toMatchObject({ email: DISTRIBUTOR, detail: { what: "securityEvents", rows: 12 } });

    const projects = await t.app.inject({
      method: "POST",
      url: "/hmt-web/distributor/project/export",
      payload: {},
      headers: { authorization: `Bearer ${token}` },
    });
    expect(projects.statusCode).toBe(200);
    const [latest] = (await list(DISTRIBUTOR, { types: ["export"] })).list;
    expect(latest?.detail.what).toBe("projects");
    expect(latest?.detail.rows).toBeGreaterThan(0);
  });

  it("every sub-distributor transition is logged for both organisations, and each role change for the child", async () => {
    const distributor = await account(DISTRIBUTOR);
    const other = await account(OTHER);
    const parent = await as(DISTRIBUTOR);
    const added = await t.post<{ id: number }>(`${SUB}/add`, { email: OTHER }, parent);
    expect(added.status).toBe(200);
    const id = added.body.data.id;
    expect((await t.post(`${SUB}/submit`, { id }, parent)).status).toBe(200);
    expect((await t.post(`${SUB}/invitations/accept`, { id }, await as(OTHER))).status).toBe(200);
    // A sub-distributor does not read the log; released, the organisation reads its own again.
    expect((await t.post(LIST, {}, await as(OTHER))).status).toBe(403);
    expect((await t.post(`${SUB}/release`, { id }, parent)).status).toBe(200);

    const steps = (events: TSecurityEvent[]) => events.map((e) => `${e.detail.from}->${e.detail.to}`).reverse();
    const parentLog = (await list(DISTRIBUTOR, { types: ["subDistributorTransition"] })).list;
    expect(steps(parentLog)).toEqual(["null->0", "0->1", "1->2", "2->3"]);
    expect(parentLog[0]).toMatchObject({
      accountId: distributor.id,
      email: DISTRIBUTOR,
      detail: {
        subDistributorEmail: OTHER,
        parentOrganisation: "Demo Distributor",
        childOrganisation: "Other Distributor",
      },
    });
    // The acceptance was the child's own act: the parent's log names the child's account by e-mail only.
    expect(parentLog[1]).toMatchObject({ accountId: null, email: OTHER });

    const childLog = (await list(OTHER, { types: ["subDistributorTransition"] })).list;
    expect(steps(childLog)).toEqual(["null->0", "0->1", "1->2", "2->3"]);
    expect(childLog[1]).toMatchObject({ accountId: other.id, email: OTHER });

    const roles = (await list(OTHER, { types: ["roleChanged"] })).list;
    expect(roles.map((e) => [e.email, e.detail.from, e.detail.to]).reverse()).toEqual([
      [OTHER, 1, 3],
      [OTHER, 3, 1],
    ]);
    expect((await list(DISTRIBUTOR, { types: ["roleChanged"] })).total).toBe(0);
  });

  it("deleting an invitation not yet submitted is logged too", async () => {
    const parent = await as(DISTRIBUTOR);
    const added = await t.post<{ id: number }>(`${SUB}/add`, { email: OTHER }, parent);
    expect((await t.post(`${SUB}/delete`, { id: added.body.data.id }, parent)).status).toBe(200);
    const [latest] = (await list(OTHER, { types: ["subDistributorTransition"] })).list;
    expect(latest?.detail).toMatchObject({ from: 0, to: "deleted" });
  });
});

describe("a busy organisation's log", () => {
  it("counts no further than the cap, says so, and counts exactly within a narrower filter", async () => {
    const other = await account(OTHER);
    await sql`INSERT INTO security_events (organisation_id, account_id, email, type, ip, detail, created_at)
      SELECT ${other.organisationId}, ${other.id}, ${OTHER}, 'signIn', '127.0.0.1', '{}'::jsonb,
        ${HISTORY_START}::timestamptz - g * interval '1 second'
      FROM generate_series(1, ${SECURITY_EVENT_COUNT_CAP + 5}) g`.execute(t.db);
    const res = await t.post<Page<TSecurityEvent> & { totalCapped: boolean }>(LIST, { pageSize: 20 }, await as(OTHER));
    expect(res.body.data).toMatchObject({ total: SECURITY_EVENT_COUNT_CAP, totalCapped: true });
    expect(res.body.data.list).toHaveLength(20);
    const narrow = await t.post<Page<TSecurityEvent> & { totalCapped: boolean }>(
      LIST,
      { pageSize: 20, types: ["signOut", "subDistributorTransition", "roleChanged"] },
      await as(OTHER),
    );
    expect(narrow.body.data.totalCapped).toBe(false);
    expect(narrow.body.data.total).toBeLessThan(SECURITY_EVENT_COUNT_CAP);
  });
});
