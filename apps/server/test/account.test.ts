import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const CODE = "/account/acc/get_mailbox_code";
const CHECK = "/account/acc/check_mailbox_code";
const REGIST = "/account/acc/mailbox_regist";
const LOGIN = "/account/acc/login_pwd";

describe("get_mailbox_code", () => {
  it("mails a six-digit code for a new address and remembers only its hash", async () => {
    const res = await t.post(CODE, { email: "New.User@Example.com", type: 1 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      errorCode: 0,
      code: 200,
      data: { expiresInSeconds: 600, resendAfterSeconds: 60 },
    });
    const code = await t.outbox.latestCode("new.user@example.com");
    const stored = await t.db
      .selectFrom("mailbox_codes")
      .select("code_hash")
      .where("email", "=", "new.user@example.com")
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.code_hash).not.toContain(code);
  });

  it("refuses a malformed address with 600715", async () => {
    const res = await t.post(CODE, { email: "not-an-email", type: 1 });
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe(600715);
  });

  it("refuses registration codes for a registered address (600901) and reset codes for an unknown one (600902)", async () => {
    expect((await t.post(CODE, { email: "distributor@example.com", type: 1 })).body.errorCode).toBe(600901);
    expect((await t.post(CODE, { email: "nobody@example.com", type: 2 })).body.errorCode).toBe(600902);
  });

  it("throttles: again within 60 s is 600719, a sixth code within the hour is 600720 until the hour is over", async () => {
    const email = "throttle@example.com";
    expect((await t.post(CODE, { email, type: 1 })).body.errorCode).toBe(0);
    const again = await t.post<{ retryAfterSeconds: number }>(CODE, { email, type: 1 });
    expect(again.status).toBe(429);
    expect(again.body.errorCode).toBe(600719);
    expect(again.body.data.retryAfterSeconds).toBeGreaterThan(0);
    for (let i = 0; i < 4; i++) {
      t.clock.advance(61_000);
      expect((await t.post(CODE, { email, type: 1 })).body.errorCode).toBe(0);
    }
    t.clock.advance(61_000);
    const locked = await t.post(CODE, { email, type: 1 });
    expect(locked.body.errorCode).toBe(600720);
    t.clock.advance(60 * 60_000);
    expect((await t.post(CODE, { email, type: 1 })).body.errorCode).toBe(0);
  });

  it("answers bad JSON and missing fields with 400 and writes nothing", async () => {
    const before = await t.count("mailbox_codes");
    const broken = await t.app.inject({
      method: "POST",
      url: CODE,
      headers: { "content-type": "application/json" },
      payload: "{bad",
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().errorCode).toBe(100014);
    const missing = await t.post(CODE, { type: 1 });
    expect(missing.status).toBe(400);
    expect(missing.body.errorCode).toBe(600401);
    const badType = await t.post(CODE, { email: "x@example.com", type: 3 });
    expect(badType.status).toBe(400);
    expect(await t.count("mailbox_codes")).toBe(before);
  });
});

describe("registration", () => {
  const email = "register@example.com";

  it("checks a code without using it, refuses wrong ones with 600703, then registers and signs in", async () => {
    t.clock.advance(120_000);
    await t.post(CODE, { email, type: 1 });
    const code = await t.outbox.latestCode(email);
    const wrong = code === "000000" ? "111111" : "000000";
    expect((await t.post(CHECK, { email, code: wrong, type: 1 })).body.errorCode).toBe(600703);
    expect((await t.post(CHECK, { email, code, type: 1 })).body).toMatchObject({ errorCode: 0, data: { valid: true } });

    const accounts = await t.count("accounts");
    expect((await t.post(REGIST, { email, code, password: "abc", companyName: "Acme" })).body.errorCode).toBe(600713);
    expect((await t.post(REGIST, { email, code, password: "有中文abc123", companyName: "Acme" })).body.errorCode).toBe(
      600714,
    );
    expect(await t.count("accounts")).toBe(accounts);

    const ok = await t.post<{ customerId: string }>(REGIST, { email, code, password: "Secret99", companyName: "Acme" });
    expect(ok.body.errorCode).toBe(0);
    expect(ok.body.data.customerId).toMatch(/^\d+$/);
    const login = await t.login(email, "Secret99");
    expect(login.customerId).toBe(ok.body.data.customerId);
  });

  it("does not accept a used code a second time", async () => {
    const code = await t.outbox.latestCode(email);
    expect((await t.post(CHECK, { email, code, type: 1 })).body.errorCode).toBe(600703);
  });

  it("voids a code after five wrong tries", async () => {
    const other = "fivetries@example.com";
    await t.post(CODE, { email: other, type: 1 });
    const code = await t.outbox.latestCode(other);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++)
      expect((await t.post(CHECK, { email: other, code: wrong, type: 1 })).body.errorCode).toBe(600703);
    expect((await t.post(CHECK, { email: other, code, type: 1 })).body.errorCode).toBe(600703);
  });

  it("refuses an expired code", async () => {
    const other = "expired@example.com";
    await t.post(CODE, { email: other, type: 1 });
    const code = await t.outbox.latestCode(other);
    t.clock.advance(10 * 60_000 + 1000);
    expect(
      (await t.post(REGIST, { email: other, code, password: "Secret99", companyName: "Acme" })).body.errorCode,
    ).toBe(600703);
  });
});

describe("login_pwd", () => {
  it("returns a token and the authority numbers", async () => {
    const res = await t.post<{ roles: string; account: string; accessToken: string }>(LOGIN, {
      email: "distributor@example.com",
      password: "Demo1234",
    });
    expect(res.body.errorCode).toBe(0);
    expect(res.body.data).toMatchObject({ roles: "2,5", account: "distributor@example.com", name: "Demo Distributor" });
    expect(res.body.data.accessToken.length).toBeGreaterThanOrEqual(43);
  });

  it("answers 600904 for an unknown account and 600905 for a wrong password", async () => {
    expect((await t.post(LOGIN, { email: "ghost@example.com", password: "Demo1234" })).body.errorCode).toBe(600904);
    expect((await t.post(LOGIN, { email: "other@example.com", password: "wrong" })).body.errorCode).toBe(600905);
  });

  it("locks the account for 15 minutes after 10 failures within 15 minutes", async () => {
    const email = "checker@example.com";
    for (let i = 0; i < 9; i++)
      expect((await t.post(LOGIN, { email, password: `bad${i}` })).body.errorCode).toBe(600905);
    expect((await t.post(LOGIN, { email, password: "bad9" })).body.errorCode).toBe(600925);
    expect((await t.post(LOGIN, { email, password: "Demo1234" })).body.errorCode).toBe(600925);
    t.clock.advance(15 * 60_000 + 1000);
    expect((await t.post(LOGIN, { email, password: "Demo1234" })).body.errorCode).toBe(0);
  });
});

describe("password reset and change", () => {
  it("reset_pwd sets the new password and ends every session", async () => {
    const email = "other@example.com";
    const { accessToken } = await t.login(email);
    t.clock.advance(120_000);
    await t.post(CODE, { email, type: 2 });
    const code = await t.outbox.latestCode(email);
    expect((await t.post("/account/acc/reset_pwd", { email, code, password: "Other999" })).body.errorCode).toBe(0);
    expect((await t.get("/hmt-web/himit-lgs/get_default_language", {}, accessToken)).body.errorCode).toBe(100026);
    expect((await t.post(LOGIN, { email, password: "Demo1234" })).body.errorCode).toBe(600905);
    await t.login(email, "Other999");
  });

  it("change_pwd checks the old password, refuses the same one, and ends only the other sessions", async () => {
    const email = "subdistributor@example.com";
    const other = await t.login(email);
    const current = await t.login(email);
    const change = (body: object) => t.post("/account/acc/change_pwd", { accessToken: current.accessToken, ...body });

    expect((await change({ oldPassword: "nope", newPassword: "Fresh123" })).body.errorCode).toBe(600709);
    expect((await change({ oldPassword: "Demo1234", newPassword: "Demo1234" })).body.errorCode).toBe(600917);
    expect((await change({ oldPassword: "Demo1234", newPassword: "12345" })).body.errorCode).toBe(600713);
    expect((await change({ oldPassword: "Demo1234", newPassword: "密码密码密码" })).body.errorCode).toBe(600714);
    expect((await change({ oldPassword: "Demo1234", newPassword: "Fresh123" })).body.errorCode).toBe(0);

    expect((await t.get("/hmt-web/himit-lgs/get_default_language", {}, other.accessToken)).body.errorCode).toBe(100026);
    expect((await t.get("/hmt-web/himit-lgs/get_default_language", {}, current.accessToken)).body.errorCode).toBe(0);
    expect((await t.post(LOGIN, { email, password: "Demo1234" })).body.errorCode).toBe(600905);
    await t.login(email, "Fresh123");
  });

  it("change_pwd without a valid session is 100026 and changes nothing", async () => {
    const res = await t.post("/account/acc/change_pwd", {
      accessToken: "forged",
      oldPassword: "a",
      newPassword: "Fresh123",
    });
    expect(res.status).toBe(401);
    expect(res.body.errorCode).toBe(100026);
  });
});

describe("logout", () => {
  it("ends the token at once, on both paths", async () => {
    for (const path of ["/account/acc/logout", "/hmt-web/account/acc/logout"]) {
      const { accessToken } = await t.login("distributor@example.com");
      const moduleToken = (
        await t.post<{ token: string }>("/hmt-web/himit-checker/sys/login", { accessToken, authorityNum: 2 })
      ).body.data.token;
      expect((await t.post(path, { accessToken })).body.errorCode).toBe(0);
      expect((await t.post(path, { accessToken })).body.errorCode).toBe(100026);
      // The module session opened from that sign-in ends with it.
      expect((await t.post("/hmt-web/himit-checker/sys/authority", {}, moduleToken)).body.code).toBe(50012);
    }
  });
});
