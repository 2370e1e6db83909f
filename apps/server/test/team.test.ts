import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addTeamMembersMenu } from "../src/db/migrations/0016_team_members.ts";
import {
  accountOf,
  type Invitation,
  invitationTokenFor,
  type Member,
  type Page,
  register,
  TEAM,
} from "./helpers/team-helpers.ts";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "./helpers/test-app.ts";

const MEMBERS = `${TEAM}/members/list`;
const UPDATE = `${TEAM}/members/update`;
const REMOVE = `${TEAM}/members/remove`;
const INVITATIONS = `${TEAM}/invitations/list`;
const INVITE = `${TEAM}/invitations/create`;
const CANCEL = `${TEAM}/invitations/cancel`;
const ORGANISATION = `${TEAM}/organisation`;
const RENAME = `${TEAM}/organisation/rename`;
const PREVIEW = "/hmt-web/account/team/invitation/preview";
const AUTHORITY = "/hmt-web/himit-checker/sys/authority";

const DISTRIBUTOR = "distributor@example.com";
const CHECKER = "checker@example.com";
const OTHER = "other@example.com";

interface Menu {
  url: string;
  children: Menu[];
}
const names = (menu: Menu[]): string[] => menu.flatMap((m) => [m.url, ...names(m.children)]);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const as = (email: string, authority: 2 | 5 = 2, password = "Demo1234") => t.moduleToken(email, authority, password);

/** A fresh organisation with its registering administrator; answers the admin's module token. */
const newTeam = async (email: string, companyName: string) => {
  expect((await register(t, email, { companyName })).body.errorCode).toBe(0);
  return as(email, 2, "Secret99");
};

/** Invites `email` into the caller's team and registers it from the mail's code; answers its module token. */
const addColleague = async (admin: string, email: string, authorities: number[], role: "admin" | "member") => {
  expect((await t.post(INVITE, { email, authorities, role }, admin)).body.errorCode).toBe(0);
  const invitationToken = await invitationTokenFor(t, email);
  expect((await register(t, email, { companyName: "Unused", invitationToken })).body.data.joined).toBe(true);
  return authorities.includes(2) ? as(email, 2, "Secret99") : as(email, 5, "Secret99");
};

describe("team members", () => {
  it("lists the organisation's accounts, administrators first, paginated", async () => {
    const res = await t.post<Page<Member>>(MEMBERS, { pageNum: 1, pageSize: 1 }, await as(DISTRIBUTOR));
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(2);
    expect(res.body.data.list).toEqual([
      expect.objectContaining({ email: DISTRIBUTOR, role: "admin", authorities: [2, 5], self: true }),
    ]);
    const second = await t.post<Page<Member>>(MEMBERS, { pageNum: 2, pageSize: 1 }, await as(DISTRIBUTOR));
    expect(second.body.data.list).toEqual([
      expect.objectContaining({ email: CHECKER, role: "member", authorities: [5], self: false }),
    ]);
    const beyond = await t.post<Page<Member>>(MEMBERS, { pageNum: 9, pageSize: 1 }, await as(DISTRIBUTOR));
    expect(beyond.body.data).toMatchObject({ list: [], total: 2 });
  });

  it("refuses without a session (401), from Hi-Checker or as a member (403), bad paging (400)", async () => {
    expect((await t.post(MEMBERS, {})).status).toBe(401);
    expect((await t.post(MEMBERS, {}, await as(CHECKER, 5))).status).toBe(403);
    expect((await t.post(MEMBERS, { pageSize: 0 }, await as(DISTRIBUTOR))).status).toBe(400);
    const admin = await newTeam("member-boss@example.com", "Boss Ltd");
    const member = await addColleague(admin, "plain-member@example.com", [2], "member");
    for (const [url, body] of [
      [MEMBERS, {}],
      [INVITATIONS, {}],
      [INVITE, { email: "x@example.com", authorities: [5], role: "member" }],
      [RENAME, { name: "Taken over" }],
      [UPDATE, { id: 1, authorities: [2], role: "member" }],
      [REMOVE, { id: 1 }],
      [CANCEL, { id: 1 }],
    ] as const) {
      expect((await t.post(url, body, member)).status, url).toBe(403);
    }
    expect((await t.get(ORGANISATION, {}, member)).status).toBe(403);
    // Nor is the page in a member's menu; the administrator has it.
    const menuOf = async (token: string) =>
      names((await t.post<{ checkerMenuEntityList: Menu[] }>(AUTHORITY, {}, token)).body.data.checkerMenuEntityList);
    expect(await menuOf(member)).not.toContain("teamMembers");
    expect(await menuOf(admin)).toContain("teamMembers");
    expect((await accountOf(t, "member-boss@example.com")).name).toBe("Boss Ltd");
  });
});

describe("invitations", () => {
  it("invites by e-mail with a bilingual mail carrying the sign-up link, and lists it", async () => {
    const token = await as(DISTRIBUTOR);
    const res = await t.post<Invitation>(
      INVITE,
      { email: "New.Engineer@Example.com", authorities: [5], role: "member" },
      token,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      email: "new.engineer@example.com",
      authorities: [5],
      role: "member",
      invitedBy: DISTRIBUTOR,
      expired: false,
    });
    expect(new Date(res.body.data.expiresAt).getTime() - t.clock.now().getTime()).toBe(7 * 24 * 3600 * 1000);
    const mail = (await t.outbox.messages()).filter((m) => m.to.includes("new.engineer@example.com")).at(-1);
    expect(mail?.subject).toContain("Demo Distributor");
    expect(mail?.text).toContain("邀请");
    expect(mail?.text).toContain("invites you to join Demo Distributor");
    const code = await invitationTokenFor(t, "new.engineer@example.com");
    expect(mail?.text).toContain(`${TEST_PUBLIC_URL}/#/register?invitation=${code}`);
    // Only the token's hash is stored.
    const stored = await t.db.selectFrom("team_invitations").select("token_hash").execute();
    expect(stored.map((r) => r.token_hash)).not.toContain(code);

    const list = await t.post<Page<Invitation>>(INVITATIONS, {}, token);
    expect(list.body.data.list.map((i) => i.email)).toContain("new.engineer@example.com");
  });

  it("mails an existing account in its own language, pointing at the sign-in", async () => {
    await t.post(INVITE, { email: OTHER, authorities: [2, 5], role: "admin" }, await as(DISTRIBUTOR));
    const mail = (await t.outbox.messages()).filter((m) => m.to.includes(OTHER)).at(-1);
    expect(mail?.subject).toBe("You are invited to join Demo Distributor on VRF Cloud");
    expect(mail?.text).not.toContain("邀请");
    expect(mail?.text).toContain(`${TEST_PUBLIC_URL}/#/login`);
  });

  it("refreshes an open invitation when the address is invited again: same row, new link, new grants", async () => {
    const token = await as(DISTRIBUTOR);
    const first = await t.post<Invitation>(
      INVITE,
      { email: "again@example.com", authorities: [5], role: "member" },
      token,
    );
    const firstCode = await invitationTokenFor(t, "again@example.com");
    t.clock.advance(60 * 60 * 1000);
    const second = await t.post<Invitation>(
      INVITE,
      { email: "again@example.com", authorities: [2], role: "admin" },
      token,
    );
    expect(second.body.data).toMatchObject({ id: first.body.data.id, authorities: [2], role: "admin" });
    expect(second.body.data.expiresAt > first.body.data.expiresAt).toBe(true);
    const secondCode = await invitationTokenFor(t, "again@example.com");
    expect(secondCode).not.toBe(firstCode);
    expect((await t.post(PREVIEW, { token: firstCode })).status).toBe(404);
    expect((await t.post(PREVIEW, { token: secondCode })).body.data).toEqual({
      email: "again@example.com",
      organisationName: "Demo Distributor",
    });
  });

  it("refuses bad input with 400 and a field, and a colleague already in the team with 409", async () => {
    const token = await as(DISTRIBUTOR);
    const bad = [
      { email: "not-an-email", authorities: [5], role: "member" },
      { email: "a@example.com", authorities: [], role: "member" },
      { email: "a@example.com", authorities: [3], role: "member" },
      { email: "a@example.com", authorities: [5], role: "owner" },
      { email: "a@example.com", authorities: [5], role: "admin" },
      { email: "a@example.com", authorities: [2, 5, 2], role: "member" },
    ];
    for (const body of bad) {
      const res = await t.post<{ fields: { path: string; message: string }[] }>(INVITE, body, token);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const adminWithoutCloud = await t.post<{ fields: { path: string; message: string }[] }>(
      INVITE,
      { email: "a@example.com", authorities: [5], role: "admin" },
      token,
    );
    expect(adminWithoutCloud.body.data.fields).toEqual([
      expect.objectContaining({ path: "role", message: "adminNeedsDistributorCloud" }),
    ]);
    const already = await t.post(INVITE, { email: CHECKER, authorities: [5], role: "member" }, token);
    expect(already.status).toBe(409);
    expect(already.body.errorCode).toBe(700802);
  });

  it("cancels an open invitation once; another tenant's invitation is 404", async () => {
    const token = await as(DISTRIBUTOR);
    const made = await t.post<Invitation>(
      INVITE,
      { email: "cancel-me@example.com", authorities: [5], role: "member" },
      token,
    );
    const id = made.body.data.id;
    expect((await t.post(CANCEL, { id }, await as(OTHER))).status).toBe(404);
    expect((await t.post(CANCEL, { id: "x" }, token)).status).toBe(400);
    expect((await t.post(CANCEL, { id }, token)).status).toBe(200);
    expect((await t.post(CANCEL, { id }, token)).status).toBe(404);
    const code = await invitationTokenFor(t, "cancel-me@example.com");
    expect((await t.post(PREVIEW, { token: code })).status).toBe(404);
    const list = await t.post<Page<Invitation>>(INVITATIONS, {}, token);
    expect(list.body.data.list.map((i) => i.id)).not.toContain(id);
    // Nor does another tenant see it.
    const theirs = await t.post<Page<Invitation>>(INVITATIONS, {}, await as(OTHER));
    expect(theirs.body.data.list.map((i) => i.email)).not.toContain("new.engineer@example.com");
  });

  it("holds the organisation's limit of open invitations under concurrent invites", async () => {
    const admin = await newTeam("busy-admin@example.com", "Busy Ltd");
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        t.post(INVITE, { email: `colleague-${i}@example.com`, authorities: [5], role: "member" }, admin),
      ),
    );
    const ok = results.filter((r) => r.body.errorCode === 0);
    const refused = results.filter((r) => r.body.errorCode === 700806);
    expect(ok).toHaveLength(50);
    expect(refused).toHaveLength(10);
    const list = await t.post<Page<Invitation>>(INVITATIONS, { pageSize: 10 }, admin);
    expect(list.body.data.total).toBe(50);
    expect(list.body.data.list).toHaveLength(10);
    // Refreshing one of the open ones takes no new place; a new address still finds none.
    const open = list.body.data.list[0]?.email as string;
    expect((await t.post(INVITE, { email: open, authorities: [5], role: "member" }, admin)).status).toBe(200);
    expect(
      (await t.post(INVITE, { email: "one-more@example.com", authorities: [5], role: "member" }, admin)).status,
    ).toBe(409);
  });
});

describe("changing and removing members", () => {
  it("changes a member's modules and role, which signs the member out; 404 for another tenant's, 400 for oneself", async () => {
    const admin = await newTeam("change-admin@example.com", "Change Ltd");
    const engineer = await addColleague(admin, "change-engineer@example.com", [5], "member");
    const { id } = await accountOf(t, "change-engineer@example.com");
    expect((await t.post(UPDATE, { id, authorities: [2, 5], role: "member" }, await as(OTHER))).status).toBe(404);
    expect((await t.post(UPDATE, { id, authorities: [], role: "member" }, admin)).status).toBe(400);
    const self = await accountOf(t, "change-admin@example.com");
    const own = await t.post(UPDATE, { id: self.id, authorities: [2], role: "member" }, admin);
    expect(own.status).toBe(400);
    expect(own.body.errorCode).toBe(700805);

    const res = await t.post<Member>(UPDATE, { id, authorities: [5, 2], role: "admin" }, admin);
    expect(res.body.data).toMatchObject({ id, authorities: [2, 5], role: "admin", self: false });
    expect(await accountOf(t, "change-engineer@example.com")).toMatchObject({ authorities: "2,5", teamRole: "admin" });
    expect((await t.post("/hmt-web/himit-checker/sys/authority", {}, engineer)).status).toBe(401);
  });

  it("keeps an administrator when two administrators demote each other at once", async () => {
    const first = await newTeam("duel-a@example.com", "Duel Ltd");
    const second = await addColleague(first, "duel-b@example.com", [2], "admin");
    const a = await accountOf(t, "duel-a@example.com");
    const b = await accountOf(t, "duel-b@example.com");
    const [one, two] = await Promise.all([
      t.post(UPDATE, { id: b.id, authorities: [2], role: "member" }, first),
      t.post(UPDATE, { id: a.id, authorities: [2], role: "member" }, second),
    ]);
    // One lands; the other finds its caller demoted (403) or signed out by the first (401).
    const statuses = [one.status, two.status];
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 401 || s === 403)).toHaveLength(1);
    const admins = await t.db
      .selectFrom("accounts")
      .where("organisation_id", "=", a.organisationId)
      .where("team_role", "=", "admin")
      .select("id")
      .execute();
    expect(admins).toHaveLength(1);
  });

  it("removes a member after which it stands alone and its sessions are over; 404 for another tenant's", async () => {
    const admin = await newTeam("remove-admin@example.com", "Remove Ltd");
    const engineer = await addColleague(admin, "remove-engineer@example.com", [5], "member");
    const before = await accountOf(t, "remove-engineer@example.com");
    expect((await t.post(REMOVE, { id: before.id }, await as(OTHER))).status).toBe(404);
    expect((await t.post(REMOVE, {}, admin)).status).toBe(400);
    const self = await accountOf(t, "remove-admin@example.com");
    expect((await t.post(REMOVE, { id: self.id }, admin)).body.errorCode).toBe(700805);

    expect((await t.post(REMOVE, { id: before.id }, admin)).status).toBe(200);
    const after = await accountOf(t, "remove-engineer@example.com");
    expect(after.organisationId).not.toBe(before.organisationId);
    expect(after).toMatchObject({ teamRole: "admin", name: "remove-engineer" });
    expect((await t.post(AUTHORITY, {}, engineer)).status).toBe(401);
    const list = await t.post<Page<Member>>(MEMBERS, {}, admin);
    expect(list.body.data.list.map((m) => m.email)).toEqual(["remove-admin@example.com"]);
    expect((await t.post(REMOVE, { id: before.id }, admin)).status).toBe(404);
  });
});

describe("the organisation's name", () => {
  it("is read and renamed by an administrator, trimmed, with 400 for a bad name and 401 without a session", async () => {
    const token = await as(DISTRIBUTOR);
    expect((await t.get<{ name: string }>(ORGANISATION, {}, token)).body.data).toEqual({ name: "Demo Distributor" });
    for (const name of ["", " ", "A", "x".repeat(101), "bad\u0007name"]) {
      expect((await t.post(RENAME, { name }, token)).status, name).toBe(400);
    }
    expect((await t.post(RENAME, { name: "Renamed" })).status).toBe(401);
    expect((await t.get(ORGANISATION, {})).status).toBe(401);
    const res = await t.post<{ name: string }>(RENAME, { name: "  Demo Distribution GmbH  " }, token);
    expect(res.body.data).toEqual({ name: "Demo Distribution GmbH" });
    expect((await accountOf(t, DISTRIBUTOR)).name).toBe("Demo Distribution GmbH");
    // Another tenant renames only its own.
    await t.post(RENAME, { name: "Other Renamed" }, await as(OTHER));
    expect((await accountOf(t, DISTRIBUTOR)).name).toBe("Demo Distribution GmbH");
    await t.post(RENAME, { name: "Demo Distributor" }, token);
  });
});

describe("the menu entry", () => {
  it("is added once, after the error log, to menus seeded before the page existed", async () => {
    await t.db.deleteFrom("menus").where("url", "=", "teamMembers").execute();
    await addTeamMembersMenu(t.db as never);
    await addTeamMembersMenu(t.db as never);
    const rows = await t.db.selectFrom("menus").where("url", "=", "teamMembers").select("id").execute();
    expect(rows).toHaveLength(1);
  });
});

describe("the API docs", () => {
  it("describe the team endpoints, whose requests transform and refine", async () => {
    const res = await t.app.inject({ method: "GET", url: "/docs/json" });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys((res.json() as { paths: Record<string, unknown> }).paths);
    expect(paths).toEqual(expect.arrayContaining([INVITE, UPDATE, RENAME, PREVIEW, "/account/acc/mailbox_regist"]));
  });

  it("writes every team change to the team's security log, in the change's transaction", async () => {
    const admin = await newTeam("log-admin@example.com", "Log Trading");
    const team = await t.db
      .selectFrom("accounts")
      .where("email", "=", "log-admin@example.com")
      .select("organisation_id")
      .executeTakeFirstOrThrow();
    const logged = async () =>
      (
        await t.db
          .selectFrom("security_events")
          .where("organisation_id", "=", team.organisation_id)
          .where("type", "=", "teamChanged")
          .orderBy("id")
          .select(["email", "detail"])
          .execute()
      ).map((r) => ({ by: r.email, ...(r.detail as Record<string, unknown>) }));

    expect((await t.post(RENAME, { name: "Log Trading GmbH" }, admin)).body.errorCode).toBe(0);
    const member = await addColleague(admin, "log-engineer@example.com", [5], "member");
    expect(member).toBeTruthy();
    const engineer = Number((await accountOf(t, "log-engineer@example.com")).id);
    expect((await t.post(UPDATE, { id: engineer, authorities: [2, 5], role: "member" }, admin)).body.errorCode).toBe(0);
    expect(
      (await t.post(INVITE, { email: "log-later@example.com", authorities: [2], role: "admin" }, admin)).body.errorCode,
    ).toBe(0);
    const invitations = (await t.post<Page<Invitation>>(INVITATIONS, { pageNum: 1, pageSize: 10 }, admin)).body.data
      .list;
    const later = invitations.find((i) => i.email === "log-later@example.com");
    expect((await t.post(CANCEL, { id: later?.id }, admin)).body.errorCode).toBe(0);
    expect((await t.post(REMOVE, { id: engineer }, admin)).body.errorCode).toBe(0);

    expect(await logged()).toEqual([
      { by: "log-admin@example.com", action: "renamed", name: "Log Trading GmbH" },
      {
        by: "log-admin@example.com",
        action: "invited",
        member: "log-engineer@example.com",
        modules: "5",
        role: "member",
      },
      {
        by: "log-engineer@example.com",
        action: "joined",
        member: "log-engineer@example.com",
        modules: "5",
        role: "member",
      },
      {
        by: "log-admin@example.com",
        action: "changed",
        member: "log-engineer@example.com",
        modules: "2,5",
        role: "member",
      },
      { by: "log-admin@example.com", action: "invited", member: "log-later@example.com", modules: "2", role: "admin" },
      { by: "log-admin@example.com", action: "cancelled", member: "log-later@example.com" },
      { by: "log-admin@example.com", action: "removed", member: "log-engineer@example.com" },
    ]);

    // A refused change writes nothing.
    const before = (await logged()).length;
    expect((await t.post(RENAME, { name: "" }, admin)).status).toBe(400);
    expect((await t.post(REMOVE, { id: engineer }, admin)).status).toBe(404);
    expect((await logged()).length).toBe(before);
  });
});
