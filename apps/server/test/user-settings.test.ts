import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const GET = "/hmt-web/account/get_user_settings";
const SAVE = "/hmt-web/account/update_user_settings";
const DEFAULTS = { themeColor: "#2BC6C2", size: "small", tagsView: true, fixedHeader: false, sidebarLogo: true };
const chosen = { themeColor: "#409eff", size: "medium", tagsView: false, fixedHeader: true, sidebarLogo: false };

describe("user settings", () => {
  it("answers SPEC's defaults until saved, then what the account saved (colour upper-cased), in any module", async () => {
    const token = await t.moduleToken("distributor@example.com", 2);
    expect((await t.get(GET, {}, token)).body).toMatchObject({ errorCode: 0, data: DEFAULTS });

    const saved = await t.post(SAVE, chosen, token);
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({ ...chosen, themeColor: "#409EFF" });

    // The same account from another sign-in: the account platform token and the other module see them too.
    const account = (await t.login("distributor@example.com")).accessToken;
    expect((await t.get(GET, {}, account)).body.data).toEqual({ ...chosen, themeColor: "#409EFF" });
    const again = { ...DEFAULTS, themeColor: "#FF6B57" };
    expect((await t.post(SAVE, again, account)).body.data).toEqual(again);
    expect((await t.get(GET, {}, token)).body.data).toEqual(again);
  });

  it("refuses anything but a #RRGGBB colour, a known size and real booleans with 400, and keeps what was saved", async () => {
    const token = await t.moduleToken("checker@example.com", 5);
    expect((await t.post(SAVE, chosen, token)).status).toBe(200);
    const before = (await t.get(GET, {}, token)).body.data;
    const bad: Record<string, unknown>[] = [
      { ...chosen, themeColor: "409EFF" },
      { ...chosen, themeColor: "#409EF" },
      { ...chosen, themeColor: "#409EFFAA" },
      { ...chosen, themeColor: "#GGGGGG" },
      { ...chosen, themeColor: " #409EFF" },
      { ...chosen, themeColor: "red" },
      { ...chosen, themeColor: "#409EF\u0000" },
      { ...chosen, size: "large" },
      { ...chosen, size: "Small" },
      { ...chosen, tagsView: "true" },
      { ...chosen, fixedHeader: 1 },
      { ...chosen, sidebarLogo: null },
      { themeColor: "#409EFF" },
    ];
    for (const body of bad) {
      const res = await t.post(SAVE, body, token);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect([100014, 600401, 600402]).toContain(res.body.errorCode);
    }
    const missing = await t.post<{ fields: { path: string }[] }>(SAVE, { ...chosen, size: undefined }, token);
    expect(missing.body.data?.fields.map((f) => f.path)).toContain("size");
    expect((await t.get(GET, {}, token)).body.data).toEqual(before);
  });

  it("needs a session (401) for reading and saving", async () => {
    const before = await t.count("user_settings");
    expect((await t.get(GET, {})).status).toBe(401);
    expect((await t.get(GET, {}, "not-a-token")).body.errorCode).toBe(100026);
    expect((await t.post(SAVE, chosen)).status).toBe(401);
    expect((await t.post(SAVE, chosen, "not-a-token")).status).toBe(401);
    expect(await t.count("user_settings")).toBe(before);
  });

  it("keeps each account's settings to itself: another user neither sees nor changes them", async () => {
    const owner = await t.moduleToken("subdistributor@example.com", 2);
    const other = await t.moduleToken("other@example.com", 2);
    const mine = { themeColor: "#13C2C2", size: "medium", tagsView: true, fixedHeader: true, sidebarLogo: false };
    expect((await t.post(SAVE, mine, owner)).status).toBe(200);

    // The other account reads its own defaults, whatever ids it might send along.
    expect((await t.get(GET, { accountId: 1, customerId: "1" }, other)).body.data).toEqual(DEFAULTS);
    const theirs = { ...DEFAULTS, themeColor: "#722ED1" };
    expect((await t.post(SAVE, { ...theirs, accountId: 1 }, other)).body.data).toEqual(theirs);

    expect((await t.get(GET, {}, owner)).body.data).toEqual(mine);
    expect((await t.get(GET, {}, other)).body.data).toEqual(theirs);
    const rows = await t.db
      .selectFrom("user_settings")
      .innerJoin("accounts", "accounts.id", "user_settings.account_id")
      .where("accounts.email", "in", ["subdistributor@example.com", "other@example.com"])
      .select(["accounts.email", "user_settings.theme_color"])
      .orderBy("accounts.email")
      .execute();
    expect(rows).toEqual([
      { email: "other@example.com", theme_color: "#722ED1" },
      { email: "subdistributor@example.com", theme_color: "#13C2C2" },
    ]);
  });
});
