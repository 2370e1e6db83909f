import { hiDomLogout, loginPwd, logout, portalLogout } from "@vrf/contract/account/login.ts";
import { saveLoginLog } from "@vrf/contract/account/login-log.ts";
import { checkMailboxCode, getMailboxCode } from "@vrf/contract/account/mailbox-code.ts";
import { updateNotificationSettings } from "@vrf/contract/account/notification-settings.ts";
import { changePwd, resetPwd } from "@vrf/contract/account/password.ts";
import { updatePaTos } from "@vrf/contract/account/privacy.ts";
import { addUserProfile, updateUserProfile } from "@vrf/contract/account/profile.ts";
import { mailboxRegist } from "@vrf/contract/account/register.ts";
import { updateUserSettings } from "@vrf/contract/account/user-settings.ts";
import { setDefaultLanguage } from "@vrf/contract/basic/language.ts";
import { defineEndpoint } from "@vrf/contract/endpoint.ts";
import { markMessagesRead } from "@vrf/contract/module/messages.ts";
import { authority, moduleLogin, setSelectRemember } from "@vrf/contract/module/session.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { addRoute, moduleOf } from "../src/plugins/endpoint-route.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

const POST_ENDPOINTS = [
  getMailboxCode,
  checkMailboxCode,
  mailboxRegist,
  loginPwd,
  resetPwd,
  changePwd,
  logout,
  portalLogout,
  hiDomLogout,
  moduleLogin,
  authority,
  setSelectRemember,
  addUserProfile,
  updateUserProfile,
  updateNotificationSettings,
  updateUserSettings,
  updatePaTos,
  setDefaultLanguage,
  saveLoginLog,
  markMessagesRead,
];

// A route only a Hi-Checker session may call, to exercise the access rule itself.
const checkerOnly = defineEndpoint({
  method: "GET",
  path: "/test/checker-only",
  request: z.object({}),
  response: z.string(),
});
const distributorOnly = defineEndpoint({
  method: "GET",
  path: "/test/distributor-only",
  request: z.object({}),
  response: z.string(),
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    extraRoutes: (app, services) => {
      addRoute(app, services.sessions, checkerOnly, moduleOf([5]), () => "checker");
      addRoute(app, services.sessions, distributorOnly, moduleOf([2], [1]), () => "distributor");
    },
  });
});
afterAll(() => t.close());

describe("every POST endpoint", () => {
  it.each(POST_ENDPOINTS.map((e) => [e.path, e]))(
    "%s answers broken JSON with a 400 envelope and writes nothing",
    async (path) => {
      const token = await t.moduleToken("distributor@example.com", 2);
      const before = await Promise.all([t.count("accounts"), t.count("profiles"), t.count("mailbox_codes")]);
      const res = await t.app.inject({
        method: "POST",
        url: path,
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        payload: '{"email": ',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ errorCode: 100014, code: 400, data: { reason: expect.any(String) } });
      expect(await Promise.all([t.count("accounts"), t.count("profiles"), t.count("mailbox_codes")])).toEqual(before);
    },
  );
});

describe("access rules", () => {
  it("lets a Hi-Checker session through a checker route and refuses a distributor session with 403", async () => {
    const checker = await t.moduleToken("checker@example.com", 5);
    expect((await t.get(checkerOnly.path, {}, checker)).body).toMatchObject({ errorCode: 0, data: "checker" });
    const distributor = await t.moduleToken("distributor@example.com", 2);
    const refused = await t.get(checkerOnly.path, {}, distributor);
    expect(refused.status).toBe(403);
    expect(refused.body.errorCode).toBe(700003);
    expect((await t.get(checkerOnly.path, {})).status).toBe(401);
  });

  it("checks roleNum where a route names it", async () => {
    expect((await t.get(distributorOnly.path, {}, await t.moduleToken("distributor@example.com", 2))).status).toBe(200);
    expect((await t.get(distributorOnly.path, {}, await t.moduleToken("subdistributor@example.com", 2))).status).toBe(
      403,
    );
  });
});

describe("login log and logout notice", () => {
  it("records a module entry and a sibling-system logout notice", async () => {
    const token = await t.moduleToken("distributor@example.com", 2);
    expect((await t.post("/hmt-web/account/save_login_log", { authorityNum: 2 }, token)).body.errorCode).toBe(0);
    expect(
      (await t.post("/hmt-web/himit-web-svc/svc/hi_dom/logout", { noticeType: "UserLogout" }, token)).body.errorCode,
    ).toBe(0);
    const events = await t.db
      .selectFrom("login_logs")
      .select(["event", "authority_num"])
      .orderBy("id", "desc")
      .limit(2)
      .execute();
    expect(events.map((e) => e.event)).toEqual(["notice:UserLogout", "module-login"]);
    expect((await t.post("/hmt-web/account/save_login_log", { authorityNum: 2 })).status).toBe(401);
    expect((await t.post("/hmt-web/himit-web-svc/svc/hi_dom/logout", {})).status).toBe(401);
  });
});
