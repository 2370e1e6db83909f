import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountOf, invitationTokenFor, JOIN, type Page, register, TEAM } from "./helpers/team-helpers.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

const INVITE = `${TEAM}/invitations/create`;
const INVITATIONS = `${TEAM}/invitations/list`;
const MEMBERS = `${TEAM}/members/list`;
const PREVIEW = `${JOIN}/invitation/preview`;
const OFFERED = `${JOIN}/invitations`;
const ACCEPT = `${JOIN}/invitations/accept`;
const DECLINE = `${JOIN}/invitations/decline`;
const MODULE_LOGIN = "/hmt-web/himit-checker/sys/login";
const AUTHORITY = "/hmt-web/himit-checker/sys/authority";

const DISTRIBUTOR = "distributor@example.com";
const OTHER = "other@example.com";

interface Offered {
  id: number;
  organisationName: string;
  invitedBy: string;
  authorities: number[];
  role: string;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A fresh module session each time: a test moves the clock past the session's lifetime. */
const distributorToken = () => t.moduleToken(DISTRIBUTOR, 2);

const invite = async (email: string, authorities: number[], role: "admin" | "member" = "member") => {
  const res = await t.post<{ id: number }>(INVITE, { email, authorities, role }, await distributorToken());
  expect(res.body.errorCode).toBe(0);
  return res.body.data;
};

describe("registration with a company name", () => {
  it("names the new organisation after the company, trimmed, and makes the account its administrator", async () => {
    const res = await register(t, "founder@example.com", { companyName: "  Founder Climate Ltd  " });
    expect(res.body.data).toMatchObject({ organisationName: "Founder Climate Ltd", joined: false });
    expect(await accountOf(t, "founder@example.com")).toMatchObject({
      name: "Founder Climate Ltd",
      authorities: "2,5",
      teamRole: "admin",
    });
  });

  it("refuses a missing, blank, too short or too long company name with 400", async () => {
    await t.post("/account/acc/get_mailbox_code", { email: "nameless@example.com", type: 1 });
    const code = await t.outbox.latestCode("nameless@example.com");
    const base = { email: "nameless@example.com", code, password: "Secret99" };
    for (const extra of [{}, { companyName: "   " }, { companyName: "A" }, { companyName: "x".repeat(101) }]) {
      const res = await t.post<{ fields: { path: string }[] }>("/account/acc/mailbox_regist", { ...base, ...extra });
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect(res.body.data.fields.map((f) => f.path)).toEqual(["companyName"]);
    }
    expect(
      await t.db.selectFrom("accounts").where("email", "=", "nameless@example.com").select("id").execute(),
    ).toEqual([]);
  });
});

describe("joining on registration", () => {
  it("creates the account inside the inviting organisation with only the granted module", async () => {
    await invite("field.engineer@example.com", [5]);
    const token = await invitationTokenFor(t, "field.engineer@example.com");
    expect((await t.post(PREVIEW, { token })).body.data).toEqual({
      email: "field.engineer@example.com",
      organisationName: "Demo Distributor",
    });
    const res = await register(t, "field.engineer@example.com", { companyName: "Not used", invitationToken: token });
    expect(res.body.data).toMatchObject({ organisationName: "Demo Distributor", joined: true });
    const demo = await accountOf(t, DISTRIBUTOR);
    expect(await accountOf(t, "field.engineer@example.com")).toMatchObject({
      organisationId: demo.organisationId,
      authorities: "5",
      teamRole: "member",
    });
    // No organisation named "Not used" was made.
    expect(await t.db.selectFrom("organisations").where("name", "=", "Not used").select("id").execute()).toEqual([]);

    // Distributor Cloud is refused; Hi-Checker opens, with the Hi-Checker menu.
    const { accessToken } = await t.login("field.engineer@example.com", "Secret99");
    const refused = await t.post(MODULE_LOGIN, { accessToken, authorityNum: 2 });
    expect(refused.status).toBe(403);
    expect(refused.body.errorCode).toBe(700010);
    const checker = await t.moduleToken("field.engineer@example.com", 5, "Secret99");
    const menu = await t.post<{ authorityNum: number }>(AUTHORITY, {}, checker);
    expect(menu.body.data.authorityNum).toBe(5);

    // Single use: the link is spent, the invitation gone from the list, the colleague a member.
    expect((await t.post(PREVIEW, { token })).status).toBe(404);
    const open = await t.post<Page<{ email: string }>>(INVITATIONS, {}, await distributorToken());
    expect(open.body.data.list.map((i) => i.email)).not.toContain("field.engineer@example.com");
    const members = await t.post<Page<{ email: string }>>(MEMBERS, { pageSize: 200 }, await distributorToken());
    expect(members.body.data.list.map((m) => m.email)).toContain("field.engineer@example.com");
  });

  it("joins by address without the link, and the preview needs the address's code", async () => {
    await invite("no.link@example.com", [2, 5], "admin");
    await t.post("/account/acc/get_mailbox_code", { email: "no.link@example.com", type: 1 });
    const code = await t.outbox.latestCode("no.link@example.com");
    const wrong = code === "000000" ? "111111" : "000000";
    expect((await t.post(PREVIEW, { email: "no.link@example.com", code: wrong })).status).toBe(400);
    expect((await t.post(PREVIEW, {})).status).toBe(400);
    expect((await t.post(PREVIEW, { email: "no.link@example.com", code })).body.data).toEqual({
      email: "no.link@example.com",
      organisationName: "Demo Distributor",
    });
    const res = await t.post<{ joined: boolean }>("/account/acc/mailbox_regist", {
      email: "no.link@example.com",
      code,
      password: "Secret99",
      companyName: "Typed Anyway",
    });
    expect(res.body.data.joined).toBe(true);
    expect(await accountOf(t, "no.link@example.com")).toMatchObject({ name: "Demo Distributor", teamRole: "admin" });
  });

  it("answers an address without an invitation's preview with null", async () => {
    await t.post("/account/acc/get_mailbox_code", { email: "uninvited@example.com", type: 1 });
    const code = await t.outbox.latestCode("uninvited@example.com");
    const res = await t.post(PREVIEW, { email: "uninvited@example.com", code });
    expect(res.status).toBe(200);
    expect(res.body.data).toBeNull();
  });

  it("refuses a link sent to another address (400) and an unknown one (404)", async () => {
    await invite("addressee@example.com", [5]);
    const token = await invitationTokenFor(t, "addressee@example.com");
    const res = await register(t, "someone.else@example.com", { companyName: "Else", invitationToken: token });
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe(700807);
    const unknown = await register(t, "someone.else2@example.com", { companyName: "Else", invitationToken: "nope" });
    expect(unknown.status).toBe(404);
    expect(unknown.body.errorCode).toBe(700800);
  });

  it("expires after seven days: the link answers 410 and a sign-up makes its own organisation", async () => {
    await invite("late@example.com", [5]);
    const token = await invitationTokenFor(t, "late@example.com");
    t.clock.advance(7 * 24 * 3600 * 1000 + 1000);
    const preview = await t.post(PREVIEW, { token });
    expect(preview.status).toBe(410);
    expect(preview.body.errorCode).toBe(700801);
    expect((await register(t, "late@example.com", { companyName: "Late Ltd", invitationToken: token })).status).toBe(
      410,
    );
    const own = await register(t, "late@example.com", { companyName: "Late Ltd" });
    expect(own.body.data).toMatchObject({ joined: false, organisationName: "Late Ltd" });
    const list = await t.post<Page<{ email: string; expired: boolean }>>(
      INVITATIONS,
      { pageSize: 200 },
      await distributorToken(),
    );
    expect(list.body.data.list.find((i) => i.email === "late@example.com")).toMatchObject({ expired: true });
  });
});

describe("joining on sign-in", () => {
  it("offers the invitation to an existing account, which accepts and moves with the granted modules", async () => {
    await register(t, "solo@example.com", { companyName: "Solo Ltd" });
    const { id } = await invite("solo@example.com", [2, 5], "admin");
    const other = await t.login("solo@example.com", "Secret99");
    const oldModule = await t.moduleToken("solo@example.com", 2, "Secret99");
    const signIn = await t.login("solo@example.com", "Secret99");

    expect((await t.get(OFFERED, {})).status).toBe(401);
    const offered = await t.get<{ list: Offered[] }>(OFFERED, {}, signIn.accessToken);
    expect(offered.body.data.list).toEqual([
      expect.objectContaining({
        id,
        organisationName: "Demo Distributor",
        invitedBy: DISTRIBUTOR,
        authorities: [2, 5],
        role: "admin",
      }),
    ]);
    // Not from inside a module, and not someone else's invitation.
    expect((await t.post(ACCEPT, { id }, oldModule)).status).toBe(403);
    expect((await t.post(ACCEPT, { id }, (await t.login(OTHER)).accessToken)).status).toBe(404);
    expect((await t.post(ACCEPT, { id: "x" }, signIn.accessToken)).status).toBe(400);

    const res = await t.post<{ organisationName: string; roles: string }>(ACCEPT, { id }, signIn.accessToken);
    expect(res.body.data).toEqual({ organisationName: "Demo Distributor", roles: "2,5" });
    expect(await accountOf(t, "solo@example.com")).toMatchObject({ name: "Demo Distributor", teamRole: "admin" });
    // The account's other sign-ins (and their module sessions) belonged to the old organisation.
    expect((await t.get(OFFERED, {}, other.accessToken)).status).toBe(401);
    expect((await t.post(AUTHORITY, {}, oldModule)).status).toBe(401);
    // Used once.
    expect((await t.post(ACCEPT, { id }, signIn.accessToken)).status).toBe(404);
    const admin = await t.moduleToken("solo@example.com", 2, "Secret99");
    expect((await t.post(MEMBERS, {}, admin)).status).toBe(200);
  });

  it("declines, after which nothing is offered", async () => {
    await register(t, "decliner@example.com", { companyName: "Decliner Ltd" });
    const { id } = await invite("decliner@example.com", [5]);
    const { accessToken } = await t.login("decliner@example.com", "Secret99");
    expect((await t.post(DECLINE, { id }, (await t.login(OTHER)).accessToken)).status).toBe(404);
    expect((await t.post(DECLINE, { id }, accessToken)).status).toBe(200);
    expect((await t.get<{ list: Offered[] }>(OFFERED, {}, accessToken)).body.data.list).toEqual([]);
    expect((await t.post(DECLINE, { id }, accessToken)).status).toBe(404);
    expect(await accountOf(t, "decliner@example.com")).toMatchObject({ name: "Decliner Ltd" });
  });

  it("refuses to move an account whose organisation holds projects, devices or other members (409)", async () => {
    const { id } = await invite(OTHER, [2]);
    const { accessToken } = await t.login(OTHER);
    const res = await t.post(ACCEPT, { id }, accessToken);
    expect(res.status).toBe(409);
    expect(res.body.errorCode).toBe(700803);
    expect(await accountOf(t, OTHER)).toMatchObject({ name: "Other Distributor" });
    // Still open: it can be declined or accepted once the organisation is empty.
    expect((await t.get<{ list: Offered[] }>(OFFERED, {}, accessToken)).body.data.list.map((o) => o.id)).toContain(id);
  });
});
