import type { TClientError } from "@vrf/contract/client-errors/list.ts";
import { CLIENT_ERROR_BODY_MAX, CLIENT_ERROR_LIMITS } from "@vrf/contract/client-errors/report.ts";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addClientErrorsMenu } from "../src/db/migrations/0011_client_errors.ts";
import { createClientErrorService } from "../src/modules/client-errors/client-errors.service.ts";
import { createMemoryLimiter } from "../src/rate/limiter.ts";
import { createTestApp, type Envelope, type TestApp } from "./helpers/test-app.ts";

const REPORT = "/hmt-web/client-errors/report";
const LIST = "/hmt-web/distributor/client-errors/list";
const AUTHORITY = "/hmt-web/himit-checker/sys/authority";

const DISTRIBUTOR = "distributor@example.com";
const SUB_DISTRIBUTOR = "subdistributor@example.com";
const OTHER = "other@example.com";
const CHECKER = "checker@example.com";

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

const sample = (message: string, extra: Record<string, unknown> = {}) => ({
  kind: "error",
  message,
  stack: `Error: ${message}\n    at render (http://vrf.test/assets/page.js:1:200)`,
  url: "http://vrf.test/#/agency",
  release: "1.0.0+test",
  ...extra,
});

/** A report as a browser at `remoteAddress` sends it (app.inject's socket peer, 127.0.0.1 unless given). */
const send = async (
  t: TestApp,
  body: unknown,
  options: { token?: string; remoteAddress?: string; headers?: Record<string, string> } = {},
) => {
  const response = await t.app.inject({
    method: "POST",
    url: REPORT,
    payload: body as object,
    headers: {
      "user-agent": "ClientErrorsTest/1.0",
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
  return { status: response.statusCode, body: response.json() as Envelope };
};

const names = (menu: Menu[]): string[] => menu.flatMap((m) => [m.url, ...names(m.children ?? [])]);

describe("the error log", () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const as = async (email: string, authorityNum: 2 | 5 = 2) => {
    const key = `${email}:${authorityNum}`;
    tokens[key] ??= await t.moduleToken(email, authorityNum);
    return tokens[key];
  };
  const list = async (email: string, body: Record<string, unknown> = {}) => {
    const res = await t.post<Page<TClientError>>(LIST, { pageSize: 200, ...body }, await as(email));
    expect(res.status).toBe(200);
    return res.body.data;
  };
  const accountId = async (email: string) =>
    Number((await t.db.selectFrom("accounts").where("email", "=", email).select("id").executeTakeFirstOrThrow()).id);

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("keeps a signed-in sender's report with its organisation, account, browser and address", async () => {
    const res = await send(t, sample("Cannot read properties of undefined"), {
      token: await as(DISTRIBUTOR),
      remoteAddress: "203.0.113.20",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ errorCode: 0, data: null });

    const page = await list(DISTRIBUTOR);
    expect(page.list[0]).toMatchObject({
      kind: "error",
      message: "Cannot read properties of undefined",
      stack: expect.stringContaining("at render"),
      url: "http://vrf.test/#/agency",
      release: "1.0.0+test",
      userAgent: "ClientErrorsTest/1.0",
      ip: "203.0.113.20",
      accountId: await accountId(DISTRIBUTOR),
      email: DISTRIBUTOR,
      createdAt: t.clock.now().toISOString(),
    });
  });

  it("keeps the installation the page says it runs in (SPEC section 9's test/prod), null when not said", async () => {
    const token = await as(DISTRIBUTOR);
    expect((await send(t, sample("from a test page", { environment: "test" }), { token })).status).toBe(200);
    expect((await list(DISTRIBUTOR)).list[0]).toMatchObject({ message: "from a test page", environment: "test" });
    expect((await send(t, sample("from production", { environment: "prod" }), { token })).status).toBe(200);
    expect((await list(DISTRIBUTOR)).list[0]).toMatchObject({ message: "from production", environment: "prod" });
    expect((await send(t, sample("from an older page"), { token })).status).toBe(200);
    expect((await list(DISTRIBUTOR)).list[0]).toMatchObject({ message: "from an older page", environment: null });
    expect((await send(t, sample("x", { environment: "staging" }), { token })).status).toBe(400);
  });

  it("records the sender of a sign-in without a module, and nobody for a report without a session", async () => {
    const { accessToken } = await t.login(CHECKER);
    expect((await send(t, sample("before choosing a module"), { token: accessToken })).status).toBe(200);
    expect((await send(t, sample("on the sign-in page"))).status).toBe(200);
    // An unknown token is no reason to lose the report: it is kept as nobody's.
    expect((await send(t, sample("with a stale token"), { token: "not-a-token" })).status).toBe(200);

    const rows = await t.db
      .selectFrom("client_errors")
      .where("message", "in", ["before choosing a module", "on the sign-in page", "with a stale token"])
      .select(["message", "organisation_id as organisationId", "account_id as accountId"])
      .orderBy("id")
      .execute();
    const checkerOrganisation = await t.db
      .selectFrom("accounts")
      .where("email", "=", CHECKER)
      .select("organisation_id")
      .executeTakeFirstOrThrow();
    expect(rows).toEqual([
      {
        message: "before choosing a module",
        organisationId: Number(checkerOrganisation.organisation_id),
        accountId: await accountId(CHECKER),
      },
      { message: "on the sign-in page", organisationId: null, accountId: null },
      { message: "with a stale token", organisationId: null, accountId: null },
    ]);
    // The engineer belongs to the distributor's organisation: the distributor reads that report.
    expect((await list(DISTRIBUTOR)).list.map((e) => e.message)).toContain("before choosing a module");
  });

  it("refuses bad reports with 400 in the envelope and keeps none of them", async () => {
    const before = await t.count("client_errors");
    const bad = [
      {},
      sample(""),
      sample("x", { kind: "warning" }),
      sample("x".repeat(CLIENT_ERROR_LIMITS.message + 1)),
      sample("x", { stack: "s".repeat(CLIENT_ERROR_LIMITS.stack + 1) }),
      sample("x", { url: `http://vrf.test/${"p".repeat(CLIENT_ERROR_LIMITS.url)}` }),
      sample("x", { release: "r".repeat(CLIENT_ERROR_LIMITS.release + 1) }),
      sample("x", { url: "http://vrf.test/\u0000" }),
      sample("bell\u0007 in the message"),
      sample("x", { release: undefined }),
    ];
    for (const body of bad) {
      const res = await send(t, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.errorCode).toBeGreaterThan(0);
      expect(res.body.data).toMatchObject({ fields: expect.any(Array) });
    }
    expect(await t.count("client_errors")).toBe(before);
  });

  it("refuses a body over the report's size limit with 413", async () => {
    const before = await t.count("client_errors");
    const res = await send(t, { ...sample("big"), padding: "p".repeat(CLIENT_ERROR_BODY_MAX) });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ errorCode: 700013, code: 413 });
    expect(await t.count("client_errors")).toBe(before);
  });

  it("pages the organisation's reports newest first in SQL, with the total", async () => {
    const token = await as(DISTRIBUTOR);
    for (let i = 1; i <= 5; i++) {
      t.clock.advance(60_000);
      expect((await send(t, sample(`paged ${i}`, { kind: "unhandledRejection" }), { token })).status).toBe(200);
    }
    const first = await list(DISTRIBUTOR, { kinds: ["unhandledRejection"], pageNum: 1, pageSize: 2 });
    expect(first).toMatchObject({ total: 5, pageNum: 1, pageSize: 2 });
    expect(first.list.map((e) => e.message)).toEqual(["paged 5", "paged 4"]);
    const third = await list(DISTRIBUTOR, { kinds: ["unhandledRejection"], pageNum: 3, pageSize: 2 });
    expect(third.list.map((e) => e.message)).toEqual(["paged 1"]);
  });

  it("filters by time: from inclusive, to exclusive", async () => {
    const token = await as(DISTRIBUTOR);
    const start = t.clock.now().getTime() + 3_600_000;
    for (let i = 0; i < 4; i++) {
      t.clock.set(new Date(start + i * 60_000));
      await send(t, sample(`timed ${i}`, { kind: "boundary" }), { token });
    }
    const at = (minute: number) => new Date(start + minute * 60_000).toISOString();
    const range = await list(DISTRIBUTOR, { from: at(1), to: at(3) });
    expect(range.list.map((e) => e.message)).toEqual(["timed 2", "timed 1"]);
    const since = await list(DISTRIBUTOR, { from: at(2), kinds: ["boundary"] });
    expect(since.list.map((e) => e.message)).toEqual(["timed 3", "timed 2"]);
  });

  it("refuses a bad filter with 400", async () => {
    const token = await as(DISTRIBUTOR);
    const bad = [
      { from: "yesterday" },
      { from: "2026-03-02T00:00:00Z", to: "2026-03-01T00:00:00Z" },
      { kinds: ["warning"] },
      { pageSize: 201 },
      { pageNum: 0 },
    ];
    for (const body of bad) expect((await t.post(LIST, body, token)).status, JSON.stringify(body)).toBe(400);
  });

  it("never shows another tenant's reports, nor those of nobody", async () => {
    expect((await send(t, sample("in the other tenant"), { token: await as(OTHER) })).status).toBe(200);
    const mine = await list(DISTRIBUTOR);
    expect(mine.list.map((e) => e.message)).not.toContain("in the other tenant");
    expect(mine.list.map((e) => e.message)).not.toContain("on the sign-in page");
    const theirs = await list(OTHER);
    expect(theirs.list.map((e) => e.message)).toEqual(["in the other tenant"]);
    expect(theirs.total).toBe(1);
    // A sub-distributor is a company of its own: its reports are not its parent's.
    const { accessToken } = await t.login(SUB_DISTRIBUTOR);
    await send(t, sample("in the sub-distributor"), { token: accessToken });
    expect((await list(DISTRIBUTOR)).list.map((e) => e.message)).not.toContain("in the sub-distributor");
  });

  it("lets only a distributor read: 401 without a session, 403 for a sub-distributor and the Hi-Checker module", async () => {
    expect((await t.post(LIST, {})).status).toBe(401);
    expect((await t.post(LIST, {}, await as(SUB_DISTRIBUTOR))).status).toBe(403);
    expect((await t.post(LIST, {}, await as(CHECKER, 5))).status).toBe(403);
    const { accessToken } = await t.login(DISTRIBUTOR);
    // A sign-in without a module is not a Distributor Cloud session.
    expect((await t.post(LIST, {}, accessToken)).status).toBe(403);
  });

  it("lists the page in a distributor's menu and leaves it out of a sub-distributor's", async () => {
    const mine = await t.post<{ checkerMenuEntityList: Menu[] }>(AUTHORITY, {}, await as(DISTRIBUTOR));
    expect(names(mine.body.data.checkerMenuEntityList)).toContain("clientErrors");
    const sub = await t.post<{ checkerMenuEntityList: Menu[] }>(AUTHORITY, {}, await as(SUB_DISTRIBUTOR));
    expect(names(sub.body.data.checkerMenuEntityList)).not.toContain("clientErrors");
  });

  it("adds the menu entry once, after the security log, to menus seeded before the page existed", async () => {
    const platformChildren = async () => {
      const parent = await t.db
        .selectFrom("menus")
        .where("authority_num", "=", 2)
        .where("url", "=", "platformCenter")
        .select("id")
        .executeTakeFirstOrThrow();
      const rows = await t.db
        .selectFrom("menus")
        .where("pid", "=", parent.id)
        .orderBy("sort")
        .orderBy("id")
        .select("url")
        .execute();
      return rows.map((r) => r.url);
    };
    await t.db.deleteFrom("menus").where("url", "=", "clientErrors").execute();
    await addClientErrorsMenu(t.db as unknown as Kysely<unknown>);
    await addClientErrorsMenu(t.db as unknown as Kysely<unknown>);
    const children = await platformChildren();
    expect(children.filter((url) => url === "clientErrors")).toHaveLength(1);
    expect(children.indexOf("clientErrors")).toBe(children.indexOf("securityEvents") + 1);
  });
});

describe("limits", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      limits: {
        global: { max: 10_000, timeWindow: "1 minute" },
        strict: { max: 10_000, timeWindow: "1 minute" },
        clientErrors: { perAddress: { max: 3, windowMs: 600_000 }, perSession: { max: 2, windowMs: 600_000 } },
      },
    });
  });
  afterAll(() => t.close());

  it("holds per address, whatever X-Forwarded-For claims, until the window ends", async () => {
    const before = await t.count("client_errors");
    for (let i = 0; i < 3; i++) {
      const res = await send(t, sample(`flood ${i}`), {
        remoteAddress: "198.51.100.9",
        headers: { "x-forwarded-for": `192.0.2.${i + 1}` },
      });
      expect(res.status).toBe(200);
    }
    const refused = await send(t, sample("flood 3"), {
      remoteAddress: "198.51.100.9",
      headers: { "x-forwarded-for": "192.0.2.99" },
    });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ errorCode: 700029, code: 429, data: { retryAfterSeconds: 600 } });
    expect(await t.count("client_errors")).toBe(before + 3);
    // The address kept is the connection's, not the header's.
    const ips = await t.db.selectFrom("client_errors").where("message", "like", "flood%").select("ip").execute();
    expect(new Set(ips.map((r) => r.ip))).toEqual(new Set(["198.51.100.9"]));

    // Another address is not held back; this one is again once the window has passed.
    expect((await send(t, sample("elsewhere"), { remoteAddress: "198.51.100.10" })).status).toBe(200);
    t.clock.advance(600_000);
    expect((await send(t, sample("later"), { remoteAddress: "198.51.100.9" })).status).toBe(200);
  });

  it("holds when twenty reports arrive at once: exactly the limit is kept, the rest are 429", async () => {
    const before = await t.count("client_errors");
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => send(t, sample(`burst ${i}`), { remoteAddress: "198.51.100.77" })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(17);
    expect(await t.count("client_errors")).toBe(before + 3);
  });

  it("holds per sign-in across addresses and module sessions", async () => {
    const { accessToken } = await t.login(DISTRIBUTOR);
    const moduleToken = (
      await t.post<{ token: string }>("/hmt-web/himit-checker/sys/login", { accessToken, authorityNum: 2 })
    ).body.data.token;
    expect((await send(t, sample("one"), { token: accessToken, remoteAddress: "203.0.113.1" })).status).toBe(200);
    expect((await send(t, sample("two"), { token: moduleToken, remoteAddress: "203.0.113.2" })).status).toBe(200);
    const refused = await send(t, sample("three"), { token: moduleToken, remoteAddress: "203.0.113.3" });
    expect(refused.status).toBe(429);
    // Another sign-in has a budget of its own.
    const other = await t.moduleToken(OTHER, 2);
    expect((await send(t, sample("other"), { token: other, remoteAddress: "203.0.113.4" })).status).toBe(200);
  });
});

describe("retention", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("drops reports older than 30 days, and keeps each organisation's newest beyond its cap", async () => {
    const service = createClientErrorService({
      db: t.db,
      clock: t.clock,
      limiter: createMemoryLimiter(() => t.clock.now().getTime()),
      limits: { perAddress: { max: 1_000, windowMs: 60_000 }, perSession: { max: 1_000, windowMs: 60_000 } },
      retention: { days: 30, perOrganisation: 3 },
    });
    const report = (message: string, token?: string) =>
      send(t, sample(message), { ...(token ? { token } : {}), remoteAddress: "198.51.100.50" });

    await report("old", await t.moduleToken(DISTRIBUTOR, 2));
    t.clock.advance(30 * 24 * 3_600_000 + 1_000);
    // Sessions of a month ago have ended: sign in afresh.
    const distributor = await t.moduleToken(DISTRIBUTOR, 2);
    const other = await t.moduleToken(OTHER, 2);
    for (let i = 1; i <= 5; i++) {
      t.clock.advance(1_000);
      await report(`mine ${i}`, distributor);
    }
    await report("theirs", other);
    await report("anonymous");

    expect(await service.pruneDue()).toEqual({ expired: 1, beyondCap: 2 });
    const left = await t.db.selectFrom("client_errors").select("message").orderBy("id").execute();
    expect(left.map((r) => r.message)).toEqual(["mine 3", "mine 4", "mine 5", "theirs", "anonymous"]);
    // Nothing more to do on a second run.
    expect(await service.pruneDue()).toEqual({ expired: 0, beyondCap: 0 });
  });

  it("runs in the app's own service with the default retention", async () => {
    expect(await t.app.services.clientErrors.pruneDue()).toEqual({ expired: 0, beyondCap: 0 });
  });
});
