import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

const LOGIN = "/account/acc/login_pwd";
const CODE = "/account/acc/get_mailbox_code";
const CHECK = "/account/acc/check_mailbox_code";
const MODULE_LOGIN = "/hmt-web/himit-checker/sys/login";
const AUTHORITY = "/hmt-web/himit-checker/sys/authority";

let t: TestApp;
const logLines: string[] = [];
beforeAll(async () => {
  const logStream = new PassThrough();
  logStream.on("data", (chunk) => logLines.push(String(chunk)));
  // Debug: the line per request, whose URL must not carry a token, is written at that level.
  t = await createTestApp({ logStream, logLevel: "debug" });
});
afterAll(() => t.close());

const codeOf = (body: { errorCode: number }) => body.errorCode;

describe("lockout under parallel guesses", () => {
  it("evaluates at most 10 wrong passwords per account in 15 minutes, however many arrive at once", async () => {
    const email = "sub-berlin@example.com";
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => t.post(LOGIN, { email, password: `wrong${i}` })),
    );
    const codes = answers.map((a) => codeOf(a.body));
    expect(codes.every((c) => c === 600905 || c === 600925)).toBe(true);
    // Nine say "wrong password"; the tenth wrong one locks; the rest are refused unread.
    expect(codes.filter((c) => c === 600905).length).toBeLessThanOrEqual(9);
    const evaluated = await t.db
      .selectFrom("security_events")
      .where("email", "=", email)
      .where("type", "=", "signInFailed")
      .where((eb) => eb.ref("detail", "->>").key("reason" as never), "=", "wrongPassword")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(evaluated.n)).toBe(10);
    expect(codeOf((await t.post(LOGIN, { email, password: "Demo1234" })).body)).toBe(600925);
    t.clock.advance(15 * 60_000 + 1000);
    expect(codeOf((await t.post(LOGIN, { email, password: "Demo1234" })).body)).toBe(0);
  });
});

describe("e-mail code under parallel guesses", () => {
  it("compares at most 5 wrong codes, so the right one is refused after a burst", async () => {
    const email = "burst@example.com";
    expect(codeOf((await t.post(CODE, { email, type: 1 })).body)).toBe(0);
    const code = await t.outbox.latestCode(email);
    const wrong = code === "000000" ? "111111" : "000000";
    const answers = await Promise.all(Array.from({ length: 40 }, () => t.post(CHECK, { email, type: 1, code: wrong })));
    expect(answers.every((a) => codeOf(a.body) === 600703)).toBe(true);
    const row = await t.db
      .selectFrom("mailbox_codes")
      .where("email", "=", email)
      .select("attempts")
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(5);
    expect(codeOf((await t.post(CHECK, { email, type: 1, code })).body)).toBe(600703);
    expect(
      codeOf(
        (await t.post("/account/acc/mailbox_regist", { email, code, password: "Secret99", companyName: "Acme" })).body,
      ),
    ).toBe(600703);
  });

  it("does not count the right code as a wrong try", async () => {
    const email = "steady@example.com";
    await t.post(CODE, { email, type: 1 });
    const code = await t.outbox.latestCode(email);
    for (let i = 0; i < 4; i++) await t.post(CHECK, { email, type: 1, code: code === "000000" ? "111111" : "000000" });
    expect(codeOf((await t.post(CHECK, { email, type: 1, code })).body)).toBe(0);
    expect(
      codeOf(
        (await t.post("/account/acc/mailbox_regist", { email, code, password: "Secret99", companyName: "Acme" })).body,
      ),
    ).toBe(0);
  });
});

describe("module session lifetime", () => {
  it("opens a module session only with a sign-in's own token", async () => {
    const moduleToken = await t.moduleToken("distributor@example.com", 2);
    const again = await t.post(MODULE_LOGIN, { accessToken: moduleToken, authorityNum: 5 }, moduleToken);
    expect(again.status).toBe(401);
    expect(codeOf(again.body)).toBe(100026);
  });

  it("ends a module session no later than its sign-in, while activity keeps both alive", async () => {
    const { accessToken } = await t.login("other@example.com");
    t.clock.advance(60 * 60_000);
    const opened = await t.post<{ token: string }>(MODULE_LOGIN, { accessToken, authorityNum: 2 }, accessToken);
    const moduleToken = opened.body.data.token;
    const rows = await t.db
      .selectFrom("sessions")
      .select(["parent_id", "expires_at"])
      .orderBy("id", "desc")
      .limit(2)
      .execute();
    expect(rows[0]?.parent_id).not.toBeNull();
    expect(rows[0]?.expires_at.getTime()).toBe(rows[1]?.expires_at.getTime());

    // Work in the module for longer than the sign-in's idle timeout: the sign-in stays alive with it.
    const sevenDays = 7 * 24 * 60 * 60_000;
    let elapsed = 60 * 60_000;
    while (elapsed + 100 * 60_000 < sevenDays) {
      t.clock.advance(100 * 60_000);
      elapsed += 100 * 60_000;
      expect(codeOf((await t.post(AUTHORITY, {}, moduleToken)).body)).toBe(0);
    }
    expect(codeOf((await t.get("/hmt-web/himit-lgs/get_default_language", {}, accessToken)).body)).toBe(0);
    t.clock.advance(sevenDays - elapsed + 60_000);
    const ended = await t.post(AUTHORITY, {}, moduleToken);
    expect(ended.body).toMatchObject({ errorCode: 611701, code: 50014 });
  });
});

describe("sign-in answers", () => {
  it("are not cached: login_pwd, sys/login and sys/authority say no-store", async () => {
    const login = await t.app.inject({
      method: "POST",
      url: LOGIN,
      payload: { email: "checker@example.com", password: "Demo1234" },
    });
    expect(login.headers["cache-control"]).toBe("no-store");
    const accessToken = login.json().data.accessToken as string;
    const opened = await t.app.inject({
      method: "POST",
      url: MODULE_LOGIN,
      payload: { accessToken, authorityNum: 5 },
    });
    expect(opened.headers["cache-control"]).toBe("no-store");
    const info = await t.app.inject({
      method: "POST",
      url: AUTHORITY,
      headers: { authorization: `Bearer ${opened.json().data.token}` },
      payload: {},
    });
    expect(info.headers["cache-control"]).toBe("no-store");
  });

  it("allow connections to the portal's own origin only (CSP connect-src)", async () => {
    const res = await t.app.inject({ method: "GET", url: "/hmt-web/basic/getLanguageList" });
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toMatch(/connect-src 'self'(;|$)/);
    expect(csp).not.toMatch(/connect-src[^;]*ws:/);
  });

  it("write failed sign-ins to the sign-in log with the socket's address, not a claimed one", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: LOGIN,
      remoteAddress: "10.9.8.7",
      headers: { "x-forwarded-for": "203.0.113.50" },
      payload: { email: "sub-paris@example.com", password: "not-it" },
    });
    expect(res.json().errorCode).toBe(600905);
    const row = await t.db
      .selectFrom("login_logs as l")
      .innerJoin("accounts as a", "a.id", "l.account_id")
      .where("a.email", "=", "sub-paris@example.com")
      .where("l.event", "=", "loginFailed")
      .select(["l.ip"])
      .executeTakeFirstOrThrow();
    expect(row.ip).toBe("10.9.8.7");
  });
});

describe("tokens in the log", () => {
  it("are redacted from every logged URL", async () => {
    const moduleToken = await t.moduleToken("distributor@example.com", 2);
    const res = await t.app.inject({
      method: "GET",
      url: `/hmt-web/distributor/project/options?accessToken=${moduleToken}&keyword=a`,
    });
    expect(res.statusCode).toBe(200);
    const logged = logLines.join("");
    expect(logged).toContain("/hmt-web/distributor/project/options?accessToken=[redacted]&keyword=a");
    expect(logged).not.toContain(moduleToken);
  });
});

describe("live socket origin", () => {
  let base: string;
  beforeAll(async () => {
    base = (await t.app.listen({ port: 0, host: "127.0.0.1" })).replace(/^http/, "ws");
  });

  const connect = (url: string, origin: string) =>
    new Promise<{ opened: boolean; status?: number; socket?: WebSocket }>((resolve) => {
      const socket = new WebSocket(url, { origin });
      socket.on("open", () => resolve({ opened: true, socket }));
      socket.on("unexpected-response", (_req, res) => resolve({ opened: false, status: res.statusCode ?? 0 }));
      socket.on("error", () => resolve({ opened: false }));
    });

  it("refuses a page of another site before the upgrade, accepts the portal's own", async () => {
    const token = await t.moduleToken("checker@example.com", 5);
    const customerId = (await t.post<{ customerId: string }>(AUTHORITY, {}, token)).body.data.customerId;
    const url = `${base}/server/control/${customerId}/tab-o?token=${token}`;
    expect(await connect(url, "https://evil.example")).toEqual({ opened: false, status: 403 });
    const own = await connect(url, base.replace(/^ws/, "http"));
    expect(own.opened).toBe(true);
    own.socket?.close();
  });
});

describe("sign-in timing", () => {
  let slow: TestApp;
  // A production-like scrypt cost, so a skipped hash would show as a large gap.
  beforeAll(async () => {
    slow = await createTestApp({ passwordCost: 14 });
  });
  afterAll(() => slow.close());

  const timed = async (email: string) => {
    const started = process.hrtime.bigint();
    const res = await slow.post(LOGIN, { email, password: "NotThePassword1" });
    return { ms: Number(process.hrtime.bigint() - started) / 1e6, errorCode: res.body.errorCode };
  };
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

  it("takes as long for an unknown e-mail as for a known one", async () => {
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      const k = await timed("sub-madrid@example.com");
      const u = await timed(`nobody${i}@example.com`);
      expect([k.errorCode, u.errorCode]).toEqual([600905, 600904]);
      known.push(k.ms);
      unknown.push(u.ms);
    }
    // Both run one scrypt; without it the unknown address answers some fifty times faster.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.5);
  });
});
