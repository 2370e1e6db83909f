import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const SYS_LOGIN = "/hmt-web/himit-checker/sys/login";
const AUTHORITY = "/hmt-web/himit-checker/sys/authority";
const REMEMBER = "/hmt-web/himit-checker/sys/select_remember";

interface Menu {
  url: string;
  children: Menu[];
}
const names = (menus: Menu[]): string[] => menus.flatMap((m) => [m.url, ...names(m.children)]);

describe("sys/login", () => {
  it("opens a module session for an authority the account has", async () => {
    const { accessToken } = await t.login("distributor@example.com");
    const res = await t.post<{ token: string }>(SYS_LOGIN, { accessToken, authorityNum: 5 });
    expect(res.body.errorCode).toBe(0);
    expect(res.body.data.token).not.toBe(accessToken);
  });

  it("refuses an authority the account lacks (403) and a missing or forged token (401, 100026)", async () => {
    const { accessToken } = await t.login("checker@example.com");
    const refused = await t.post(SYS_LOGIN, { accessToken, authorityNum: 2 });
    expect(refused.status).toBe(403);
    expect(refused.body.errorCode).toBe(700010);
    expect((await t.post(SYS_LOGIN, { accessToken: "forged", authorityNum: 2 })).body.errorCode).toBe(100026);
    expect((await t.post(SYS_LOGIN, { authorityNum: 2 })).status).toBe(401);
  });

  it("answers a bad authority number with 400", async () => {
    const { accessToken } = await t.login("distributor@example.com");
    const res = await t.post(SYS_LOGIN, { accessToken, authorityNum: 3 });
    expect(res.status).toBe(400);
  });
});

describe("sys/authority", () => {
  it("returns the distributor menu with SPEC route names for authority 2", async () => {
    const token = await t.moduleToken("distributor@example.com", 2);
    const res = await t.post<{ checkerMenuEntityList: Menu[]; roleNum: number; authorityNum: number; name: string }>(
      AUTHORITY,
      {},
      token,
    );
    expect(res.body.code).toBe(200);
    expect(res.body.data).toMatchObject({ roleNum: 1, authorityNum: 2, name: "Demo Distributor" });
    const urls = names(res.body.data.checkerMenuEntityList);
    for (const n of [
      "ProjectList",
      "projectMap",
      "HiMit",
      "HiMitChecker",
      "Repairreport",
      "distributorManagement",
      "deviceDeadLetters",
      "changePwd",
      "perInfo",
    ]) {
      expect(urls).toContain(n);
    }
    expect(urls).not.toContain("CkHiMitChecker");
  });

  it("returns the Hi-Checker menu for authority 5", async () => {
    const token = await t.moduleToken("checker@example.com", 5);
    const res = await t.post<{ checkerMenuEntityList: Menu[] }>(AUTHORITY, {}, token);
    const urls = names(res.body.data.checkerMenuEntityList);
    for (const n of ["Dashboard", "CkHiMitChecker", "CkFaultAnalysis", "CkOutDoor", "CkInDoor", "PCSoftware"])
      expect(urls).toContain(n);
    expect(urls).not.toContain("ProjectList");
  });

  it("leaves sub-distributor management out of a sub-distributor's menu", async () => {
    const token = await t.moduleToken("subdistributor@example.com", 2);
    const res = await t.post<{ checkerMenuEntityList: Menu[]; roleNum: number }>(AUTHORITY, {}, token);
    expect(res.body.data.roleNum).toBe(3);
    expect(names(res.body.data.checkerMenuEntityList)).not.toContain("distributorManagement");
  });

  it("refuses an account-platform token (403) and maps token problems to the session codes", async () => {
    const { accessToken } = await t.login("distributor@example.com");
    expect((await t.post(AUTHORITY, {}, accessToken)).status).toBe(403);

    const illegal = await t.post(AUTHORITY, {}, "garbage");
    expect(illegal.status).toBe(401);
    expect(illegal.body).toMatchObject({ errorCode: 611702, code: 50008 });
    expect((await t.post(AUTHORITY, {})).body.code).toBe(50008);

    const token = await t.moduleToken("distributor@example.com", 2);
    t.clock.advance(2 * 60 * 60 * 1000 + 1000);
    expect((await t.post(AUTHORITY, {}, token)).body).toMatchObject({ errorCode: 611701, code: 50014 });
  });

  it("reads the token from the request body's common data too", async () => {
    const token = await t.moduleToken("distributor@example.com", 2);
    const res = await t.post(AUTHORITY, { accessToken: token, version: "2.0", languageId: 0, timezone: 8 });
    expect(res.body.errorCode).toBe(0);
  });
});

describe("select_remember", () => {
  it("defaults to 'ask' and stores the chooser's remembered module", async () => {
    const { accessToken, customerId } = await t.login("distributor@example.com");
    expect((await t.get(REMEMBER, { customerId }, accessToken)).body.data).toEqual({
      rememberSelect: 2,
      selectMode: null,
    });
    expect((await t.post(REMEMBER, { rememberSelect: 1, selectMode: 5 }, accessToken)).body.errorCode).toBe(0);
    expect((await t.get(REMEMBER, { customerId }, accessToken)).body.data).toEqual({
      rememberSelect: 1,
      selectMode: 5,
    });
    expect((await t.post(REMEMBER, { rememberSelect: 2, selectMode: null }, accessToken)).body.data).toEqual({
      rememberSelect: 2,
      selectMode: null,
    });
  });

  it("refuses to remember a module the account lacks, and hides other customers' choice (404)", async () => {
    const { accessToken, customerId } = await t.login("checker@example.com");
    expect((await t.post(REMEMBER, { rememberSelect: 1, selectMode: 2 }, accessToken)).status).toBe(403);
    const other = await t.login("other@example.com");
    expect((await t.get(REMEMBER, { customerId }, other.accessToken)).status).toBe(404);
    expect((await t.get(REMEMBER, { customerId })).status).toBe(401);
  });
});
