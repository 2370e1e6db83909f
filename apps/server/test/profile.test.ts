import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const GET = "/hmt-web/account/get_user_profile";
const ADD = "/hmt-web/account/add_user_profile";
const UPDATE = "/hmt-web/account/update_user_profile";
const profile = {
  firstName: "Li",
  surname: "Wei",
  phone: "+86 138 0000 1111",
  languageId: 0,
  city: "Qingdao",
  country: "CN",
  zip: "266000",
};

const newAccount = async (email: string) => {
  await t.post("/account/acc/get_mailbox_code", { email, type: 1 });
  const code = await t.outbox.latestCode(email);
  await t.post("/account/acc/mailbox_regist", { email, code, password: "Secret99", companyName: "Acme" });
  return (await t.login(email, "Secret99")).accessToken;
};

describe("user profile", () => {
  it("does not exist before it is added (611706), then reads back what was saved", async () => {
    const token = await newAccount("profile@example.com");
    expect((await t.get(GET, {}, token)).body.errorCode).toBe(611706);
    expect((await t.post(UPDATE, profile, token)).body.errorCode).toBe(611704);
    const added = await t.post<{ email: string; firstName: string }>(ADD, profile, token);
    expect(added.body.errorCode).toBe(0);
    expect(added.body.data).toMatchObject({ email: "profile@example.com", firstName: "Li", city: "Qingdao" });
    expect((await t.post(ADD, profile, token)).body.errorCode).toBe(611703);
    const updated = await t.post(UPDATE, { ...profile, city: "Shanghai" }, token);
    expect(updated.body.data).toMatchObject({ city: "Shanghai" });
    expect((await t.get("/account/get_user_profile", {}, token)).body.data).toMatchObject({ city: "Shanghai" });
  });

  it("refuses a changed e-mail (611705), a bad phone (600701) and special characters (400) without writing", async () => {
    const token = (await t.login("distributor@example.com")).accessToken;
    const before = (await t.get<{ city: string }>(GET, {}, token)).body.data;
    expect((await t.post(UPDATE, { ...profile, email: "else@example.com" }, token)).body.errorCode).toBe(611705);
    expect((await t.post(UPDATE, { ...profile, phone: "12ab" }, token)).body.errorCode).toBe(600701);
    const special = await t.post(UPDATE, { ...profile, firstName: "<script>" }, token);
    expect(special.status).toBe(400);
    expect((await t.post(UPDATE, { ...profile, firstName: "" }, token)).status).toBe(400);
    expect((await t.get(GET, {}, token)).body.data).toEqual(before);
  });

  it("needs a session (100026)", async () => {
    expect((await t.get(GET, {})).body.errorCode).toBe(100026);
    expect((await t.post(ADD, profile)).status).toBe(401);
  });
});

describe("notification settings", () => {
  const PATH = "/hmt-web/account/update_notification_settings";
  it("starts switched off and saves what the user chose", async () => {
    const token = await t.moduleToken("distributor@example.com", 2);
    const initial = await t.get("/hmt-web/account/get_notification_settings", {}, token);
    expect(initial.body.data).toMatchObject({
      repairInfo: false,
      dailyFaultReport: false,
      email: "distributor@example.com",
    });
    const chosen = {
      repairInfo: true,
      dailyFaultReport: true,
      hour: 7,
      email: "ops@example.com",
      timezone: "Europe/Berlin",
    };
    expect((await t.post(PATH, chosen, token)).body.errorCode).toBe(0);
    expect((await t.get("/hmt-web/account/get_notification_settings", {}, token)).body.data).toEqual(chosen);
  });

  it("refuses an hour outside 0-23, a daily report without an address and an unknown time zone", async () => {
    const token = await t.moduleToken("distributor@example.com", 2);
    const base = {
      repairInfo: false,
      dailyFaultReport: true,
      hour: 7,
      email: "ops@example.com",
      timezone: "Europe/Berlin",
    };
    expect((await t.post(PATH, { ...base, hour: 24 }, token)).status).toBe(400);
    expect((await t.post(PATH, { ...base, email: "" }, token)).status).toBe(400);
    expect((await t.post(PATH, { ...base, timezone: "Mars/Olympus" }, token)).status).toBe(400);
    expect((await t.post(PATH, base)).status).toBe(401);
  });
});

describe("get_user_info_by_email", () => {
  const PATH = "/hmt-web/account/get_user_info_by_email";

  it("tells a distributor only what binding needs, for its own channel's accounts", async () => {
    const token = await t.moduleToken("distributor@example.com", 2);
    const found = await t.get(PATH, { email: "checker@example.com" }, token);
    expect(found.body.data).toEqual({ email: "checker@example.com", name: "Service Engineer" });
    expect((await t.get(PATH, { email: "ghost@example.com" }, token)).body.errorCode).toBe(600708);
    expect((await t.get(PATH, { email: "checker@example.com" })).status).toBe(401);
  });

  it("answers another tenant's account as if it did not exist", async () => {
    const other = await t.moduleToken("other@example.com", 2);
    const res = await t.get(PATH, { email: "checker@example.com" }, other);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ errorCode: 600708, data: null });
    // An account-platform token or a Hi-Checker session binds nobody.
    const account = (await t.login("distributor@example.com")).accessToken;
    expect((await t.get(PATH, { email: "checker@example.com" }, account)).status).toBe(403);
    const engineer = await t.moduleToken("checker@example.com", 5);
    expect((await t.get(PATH, { email: "distributor@example.com" }, engineer)).status).toBe(403);
  });
});
