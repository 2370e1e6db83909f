import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedReferenceData } from "../src/db/seed/reference-data.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("privacy agreement", () => {
  it("is public in both languages", async () => {
    const zh = await t.get<{ version: number; title: string }>("/hmt-web/account/get_pa_tos", { languageId: 0 });
    const en = await t.get<{ version: number; title: string }>("/hmt-web/account/get_pa_tos", { languageId: 1 });
    expect(zh.body.data.title).toContain("隐私");
    expect(en.body.data.title).toContain("Privacy");
    expect((await t.get("/hmt-web/account/get_pa_tos", { languageId: 7 })).status).toBe(400);
  });

  it("is accepted only in its current version", async () => {
    await t.post("/account/acc/get_mailbox_code", { email: "pa@example.com", type: 1 });
    const code = await t.outbox.latestCode("pa@example.com");
    await t.post("/account/acc/mailbox_regist", {
      email: "pa@example.com",
      code,
      password: "Secret99",
      companyName: "PA Trading",
    });
    const { accessToken } = await t.login("pa@example.com", "Secret99");
    expect((await t.get("/hmt-web/account/check_pa_tos", {}, accessToken)).body.data).toEqual({
      accepted: false,
      acceptedVersion: null,
      currentVersion: 1,
    });
    expect((await t.post("/hmt-web/account/update_pa_tos", { version: 0 }, accessToken)).status).toBe(400);
    expect((await t.post("/hmt-web/account/update_pa_tos", { version: 2 }, accessToken)).body.errorCode).toBe(700012);
    expect((await t.post("/hmt-web/account/update_pa_tos", { version: 1 }, accessToken)).body.errorCode).toBe(0);
    expect(
      (await t.get<{ accepted: boolean }>("/hmt-web/account/check_pa_tos", {}, accessToken)).body.data.accepted,
    ).toBe(true);
    expect((await t.post("/hmt-web/account/update_pa_tos", { version: 1 })).status).toBe(401);
  });
});

describe("languages and regions", () => {
  it("lists zh (0) and en (1) and the regions in each", async () => {
    const list = await t.get<{ languageList: { id: number; code: string }[] }>("/hmt-web/basic/getLanguageList");
    expect(list.body.data.languageList.map((l) => [l.id, l.code])).toEqual([
      [0, "zh"],
      [1, "en"],
    ]);
    type Region = { code: string; name: string; children: { name: string }[] };
    const zh = await t.get<{ regionList: Region[] }>("/hmt-web/basic/getRegionByLang", { languageId: 0 });
    const en = await t.get<{ regionList: Region[] }>("/hmt-web/basic/getRegionByLang", { languageId: 1 });
    expect(zh.body.data.regionList.find((r) => r.code === "CN")?.name).toBe("中国");
    expect(en.body.data.regionList.find((r) => r.code === "DE")?.children.map((c) => c.name)).toContain("Munich");
    expect((await t.get("/hmt-web/basic/getRegionByLang", {})).status).toBe(400);
  });

  it("gives each seeded country and city a centre and zoom for the map, in both languages alike", async () => {
    type Centre = { latitude: number; longitude: number; zoom: number };
    type Region = { code: string; centre?: Centre; children: { code: string; centre?: Centre }[] };
    const regionsIn = async (languageId: number) =>
      (await t.get<{ regionList: Region[] }>("/hmt-web/basic/getRegionByLang", { languageId })).body.data.regionList;
    const [zh, en] = [await regionsIn(0), await regionsIn(1)];
    const germany = en.find((r) => r.code === "DE");
    expect(germany?.centre).toEqual({ latitude: 51.37, longitude: 10.45, zoom: 5 });
    const berlin = germany?.children.find((c) => c.code === "DE-BER")?.centre;
    expect(berlin?.zoom).toBe(11);
    expect(berlin?.latitude).toBeCloseTo(52.52, 2);
    expect(berlin?.longitude).toBeCloseTo(13.405, 2);
    const everyRegion = (list: Region[]) => list.flatMap((r) => [r, ...r.children]);
    for (const region of everyRegion(en)) {
      expect(region.centre, region.code).toBeDefined();
      expect(Math.abs(region.centre?.latitude ?? 99)).toBeLessThanOrEqual(85);
      expect(Math.abs(region.centre?.longitude ?? 999)).toBeLessThanOrEqual(180);
    }
    expect(everyRegion(zh).map((r) => [r.code, r.centre])).toEqual(everyRegion(en).map((r) => [r.code, r.centre]));
  });

  it("fills the centres of regions seeded before they had one, and keeps an operator's own", async () => {
    await t.db.updateTable("regions").set({ latitude: null, longitude: null, zoom: null }).execute();
    await t.db
      .updateTable("regions")
      .set({ latitude: 48.2, longitude: 16.37, zoom: 9 })
      .where("code", "=", "DE-MUC")
      .execute();
    await t.db
      .insertInto("regions")
      .values({ language_id: 1, code: "DE-XYZ", parent_code: "DE", name: "Operator's town", sort: 9 })
      .execute();
    await seedReferenceData(t.db);
    type Region = { code: string; centre?: { zoom: number; latitude: number }; children: Region[] };
    const en = (await t.get<{ regionList: Region[] }>("/hmt-web/basic/getRegionByLang", { languageId: 1 })).body.data
      .regionList;
    const germany = en.find((r) => r.code === "DE");
    expect(germany?.centre?.zoom).toBe(5);
    expect(germany?.children.find((c) => c.code === "DE-BER")?.centre?.zoom).toBe(11);
    expect(germany?.children.find((c) => c.code === "DE-MUC")?.centre).toEqual({
      latitude: 48.2,
      longitude: 16.37,
      zoom: 9,
    });
    // Offered without a centre: the map stays where it is when it is chosen.
    const added = germany?.children.find((c) => c.code === "DE-XYZ");
    expect(added?.centre).toBeUndefined();
    await t.db.deleteFrom("regions").where("code", "=", "DE-XYZ").execute();
    await t.db.updateTable("regions").set({ latitude: null }).where("code", "=", "DE-MUC").execute();
    await seedReferenceData(t.db);
  });

  it("keeps each account's default language", async () => {
    const { accessToken } = await t.login("distributor@example.com");
    expect((await t.get("/hmt-web/himit-lgs/get_default_language", {}, accessToken)).body.data).toEqual({
      defaultLanguageId: 0,
      resultCode: 0,
    });
    await t.post("/hmt-web/himit-lgs/set_default_language", { defaultLanguageId: 1 }, accessToken);
    expect(
      (await t.get<{ defaultLanguageId: number }>("/hmt-web/himit-lgs/get_default_language", {}, accessToken)).body.data
        .defaultLanguageId,
    ).toBe(1);
    expect(
      (await t.post("/hmt-web/himit-lgs/set_default_language", { defaultLanguageId: 9 }, accessToken)).status,
    ).toBe(400);
    expect((await t.post("/hmt-web/himit-lgs/set_default_language", { defaultLanguageId: 1 })).status).toBe(401);
  });
});

describe("announcements", () => {
  it("lists the module's live announcements, with ejectFlag until they are read", async () => {
    const token = await t.moduleToken("checker@example.com", 5);
    type Info = { ejectFlag: boolean; msgInfos: { id: number; formatId: number; content: string; read: boolean }[] };
    const first = await t.get<Info>("/hmt-web/himit-checker/msg/info", {}, token);
    expect(first.body.data.ejectFlag).toBe(true);
    expect(first.body.data.msgInfos.map((m) => m.formatId).sort()).toEqual([5, 7, 8]);
    expect(JSON.parse(first.body.data.msgInfos.find((m) => m.formatId === 7)?.content ?? "{}")).toHaveProperty(
      "wifiid",
    );

    await t.post("/hmt-web/himit-checker/msg/read", { ids: first.body.data.msgInfos.map((m) => m.id) }, token);
    const after = await t.get<Info>("/hmt-web/himit-checker/msg/info", {}, token);
    expect(after.body.data.ejectFlag).toBe(false);
    expect(after.body.data.msgInfos.every((m) => m.read)).toBe(true);
  });

  it("shows a distributor only the announcements of its module", async () => {
    const token = await t.moduleToken("distributor@example.com", 2);
    const res = await t.get<{ msgInfos: { formatId: number }[] }>("/hmt-web/himit-checker/msg/info", {}, token);
    expect(res.body.data.msgInfos.map((m) => m.formatId).sort()).toEqual([5, 8]);
  });

  it("needs a module session, and valid ids", async () => {
    expect((await t.get("/hmt-web/himit-checker/msg/info", {})).status).toBe(401);
    const token = await t.moduleToken("checker@example.com", 5);
    expect((await t.post("/hmt-web/himit-checker/msg/read", { ids: [] }, token)).status).toBe(400);
  });
});

describe("envelope", () => {
  it("answers unknown routes with a 404 envelope", async () => {
    const res = await t.get("/hmt-web/no/such/route");
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ errorCode: 700004, code: 404, data: null });
  });

  it("answers a body that is too large with 413", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/account/acc/login_pwd",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ email: "a@b.co", password: "x".repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().errorCode).toBe(700013);
  });
});
