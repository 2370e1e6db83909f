import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HANDOVER = "/account/acc/handover";
const USER_SETTINGS = "/hmt-web/account/get_user_settings";

describe("sign-in handed over by a sibling system (/auth-redirect)", () => {
  it("trades an account token for a new sign-in of the same account, which works on its own", async () => {
    const handed = (await t.login("distributor@example.com")).accessToken;
    const res = await t.post(HANDOVER, { accessToken: handed });
    expect(res.status).toBe(200);
    const session = res.body.data as { accessToken: string; customerId: string; account: string; roles: string };
    expect(session).toMatchObject({ account: "distributor@example.com", roles: "2,5" });
    expect(session.accessToken).not.toBe(handed);

    // Both sign-ins work: the sibling keeps its own.
    expect((await t.get(USER_SETTINGS, {}, session.accessToken)).status).toBe(200);
    expect((await t.get(USER_SETTINGS, {}, handed)).status).toBe(200);
    const module = await t.post(
      "/hmt-web/himit-checker/sys/login",
      { accessToken: session.accessToken, authorityNum: 2 },
      session.accessToken,
    );
    expect(module.body.errorCode).toBe(0);

    const events = await t.db
      .selectFrom("security_events")
      .select(["type", "email"])
      .where("type", "=", "signInHandover")
      .execute();
    expect(events).toContainEqual({ type: "signInHandover", email: "distributor@example.com" });
  });

  it("ends when the handed sign-in would have ended", async () => {
    const handed = (await t.login("checker@example.com")).accessToken;
    const session = (await t.post(HANDOVER, { accessToken: handed })).body.data as { accessToken: string };
    const rows = await t.db
      .selectFrom("sessions")
      .select(["expires_at"])
      .where("authority_num", "is", null)
      .orderBy("id", "desc")
      .limit(2)
      .execute();
    expect(rows).toHaveLength(2);
    expect(new Date(rows[0]?.expires_at as Date).getTime()).toBe(new Date(rows[1]?.expires_at as Date).getTime());
    expect(session.accessToken).toBeTruthy();
  });

  it("refuses a missing, unknown, signed-out or module token with 401 and issues nothing", async () => {
    const signedOut = (await t.login("subdistributor@example.com")).accessToken;
    expect((await t.post("/account/acc/logout", { accessToken: signedOut }, signedOut)).status).toBe(200);
    const moduleToken = await t.moduleToken("distributor@example.com", 2);
    const before = await t.count("sessions");

    for (const body of [{}, { accessToken: "" }, { accessToken: "x".repeat(40) }, { accessToken: signedOut }]) {
      const res = await t.post(HANDOVER, body);
      expect([400, 401]).toContain(res.status);
      expect(res.body.errorCode).not.toBe(0);
    }
    const unknown = await t.post(HANDOVER, { accessToken: "x".repeat(40) });
    expect(unknown.status).toBe(401);
    const moduleAnswer = await t.post(HANDOVER, { accessToken: moduleToken });
    expect(moduleAnswer.status).toBe(401);
    expect(await t.count("sessions")).toBe(before);
  });
});
