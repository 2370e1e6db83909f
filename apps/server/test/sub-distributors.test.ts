import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

const BASE = "/hmt-web/distributor/sub-distributors";
const LIST = `${BASE}/list`;
const COUNTS = `${BASE}/counts`;
const ADD = `${BASE}/add`;
const SUBMIT = `${BASE}/submit`;
const NOTE = `${BASE}/update-note`;
const DELETE = `${BASE}/delete`;
const RELEASE = `${BASE}/release`;
const EVENTS = `${BASE}/events`;
const INVITATIONS = `${BASE}/invitations/list`;
const ACCEPT = `${BASE}/invitations/accept`;
const RETURN = `${BASE}/invitations/return`;
const PROJECT_OPTIONS = "/hmt-web/distributor/project/options";

interface Link {
  id: number;
  email: string;
  organisationName: string;
  note: string;
  status: number;
  returnReason: string | null;
}
interface Page<T> {
  list: T[];
  total: number;
}
interface Event {
  fromStatus: number | null;
  toStatus: number;
  reason: string | null;
  actorEmail: string;
}

let t: TestApp;
const tokens: Record<string, string> = {};
/** A Distributor Cloud module token per e-mail, signed in once. */
const as = async (email: string) => {
  tokens[email] ??= await t.moduleToken(email, 2);
  return tokens[email];
};

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const linkOf = async (email: string, parent = "distributor@example.com"): Promise<Link> => {
  const res = await t.post<Page<Link>>(LIST, { keyword: email, pageSize: 200 }, await as(parent));
  const open = res.body.data.list.filter((l) => l.email === email);
  const link = open[0];
  if (!link) throw new Error(`no link to ${email}`);
  return link;
};

const statusOf = async (id: number) =>
  (await t.db
    .selectFrom("sub_distributor_links")
    .where("id", "=", id)
    .select(["status", "note", "return_reason"])
    .executeTakeFirst()) ?? null;

const eventsOf = (id: number) =>
  t.db
    .selectFrom("sub_distributor_events")
    .where("link_id", "=", id)
    .select(["from_status", "to_status", "reason", "actor_account_id"])
    .orderBy("id")
    .execute();

const linkCount = async () =>
  Number(
    (
      await t.db
        .selectFrom("sub_distributor_links")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

const roleOf = async (email: string) =>
  (await t.db.selectFrom("accounts").where("email", "=", email).select("role_num").executeTakeFirstOrThrow()).role_num;

const accountId = async (email: string) =>
  (await t.db.selectFrom("accounts").where("email", "=", email).select("id").executeTakeFirstOrThrow()).id;

const subDistributorProjects = async () => {
  const res = await t.get<{ list: { organisationName: string }[] }>(
    PROJECT_OPTIONS,
    { limit: 200 },
    await as("distributor@example.com"),
  );
  return res.body.data.list.filter((p) => p.organisationName === "Demo Sub-distributor").length;
};

describe("the distributor's list", () => {
  it("shows the seeded sub-distributors in every status, newest change first, paged in SQL", async () => {
    const res = await t.post<Page<Link>>(LIST, { pageNum: 1, pageSize: 3 }, await as("distributor@example.com"));
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(5);
    expect(res.body.data.list).toHaveLength(3);
    const all = await t.post<Page<Link>>(LIST, { pageSize: 200 }, await as("distributor@example.com"));
    expect(all.body.data.list.map((l) => l.status).sort()).toEqual([0, 1, 2, 3, 4]);
    const returned = all.body.data.list.find((l) => l.status === 4);
    expect(returned).toMatchObject({ email: "sub-madrid@example.com", returnReason: expect.stringMatching(/another/) });
  });

  it("filters by status and keyword, and sorts by a whitelisted column", async () => {
    const token = await as("distributor@example.com");
    const underReview = await t.post<Page<Link>>(LIST, { status: 1 }, token);
    expect(underReview.body.data.list.map((l) => l.email)).toEqual(["sub-paris@example.com"]);
    const byName = await t.post<Page<Link>>(LIST, { keyword: "milan climate" }, token);
    expect(byName.body.data.list.map((l) => l.status)).toEqual([3]);
    const byNote = await t.post<Page<Link>>(LIST, { keyword: "Spain and" }, token);
    expect(byNote.body.data.list.map((l) => l.email)).toEqual(["subdistributor@example.com"]);
    const sorted = await t.post<Page<Link>>(LIST, { sort: "email", order: "ascend" }, token);
    const emails = sorted.body.data.list.map((l) => l.email);
    expect(emails).toEqual([...emails].sort());
    expect((await t.post(LIST, { sort: "password_hash" }, token)).status).toBe(400);
    expect((await t.post(LIST, { status: 9 }, token)).status).toBe(400);
  });

  it("counts links per status", async () => {
    const res = await t.get<{ counts: { status: number; count: number }[] }>(
      COUNTS,
      {},
      await as("distributor@example.com"),
    );
    expect(res.body.data.counts).toEqual([0, 1, 2, 3, 4].map((status) => ({ status, count: 1 })));
  });

  it("is for distributors only: 401 without a session, 403 for Hi-Checker and sub-distributor sessions", async () => {
    expect((await t.post(LIST, {})).status).toBe(401);
    expect((await t.post(ADD, { email: "sub-lisbon@example.com" })).status).toBe(401);
    const checker = await t.moduleToken("checker@example.com", 5);
    expect((await t.post(LIST, {}, checker)).status).toBe(403);
    expect((await t.post(ADD, { email: "sub-lisbon@example.com" }, checker)).status).toBe(403);
    const distributorAsChecker = await t.moduleToken("distributor@example.com", 5);
    expect((await t.post(LIST, {}, distributorAsChecker)).status).toBe(403);
    const sub = await as("subdistributor@example.com");
    expect((await t.post(LIST, {}, sub)).body.errorCode).toBe(700003);
    expect((await t.post(INVITATIONS, {}, sub)).status).toBe(403);
    expect((await t.post(ADD, { email: "sub-lisbon@example.com" }, sub)).status).toBe(403);
  });

  it("answers another distributor only with its own links", async () => {
    const res = await t.post<Page<Link>>(LIST, {}, await as("other@example.com"));
    expect(res.body.data).toMatchObject({ list: [], total: 0 });
  });
});

describe("adding a sub-distributor", () => {
  it("adds a registered account as 'added but not submitted' and records who did it", async () => {
    const res = await t.post<Link>(
      ADD,
      { email: "  Sub-Lisbon@Example.com ", note: "Portugal, all regions" },
      await as("distributor@example.com"),
    );
    expect(res.body.errorCode).toBe(0);
    expect(res.body.data).toMatchObject({
      email: "sub-lisbon@example.com",
      organisationName: "Lisbon Climate Distribution",
      note: "Portugal, all regions",
      status: 0,
      returnReason: null,
    });
    expect(await eventsOf(res.body.data.id)).toEqual([
      { from_status: null, to_status: 0, reason: null, actor_account_id: await accountId("distributor@example.com") },
    ]);
  });

  it("refuses what cannot be invited and writes nothing", async () => {
    const token = await as("distributor@example.com");
    const before = await linkCount();
    const unknown = await t.post(ADD, { email: "nobody@example.com" }, token);
    expect([unknown.status, unknown.body.errorCode]).toEqual([404, 600708]);
    // Its own organisation: the caller, and a colleague in the same organisation.
    expect((await t.post(ADD, { email: "distributor@example.com" }, token)).body.errorCode).toBe(700025);
    expect((await t.post(ADD, { email: "checker@example.com" }, token)).body.errorCode).toBe(700025);
    // Already open under this distributor: added (Berlin), under review (Paris), associated (Demo Sub-distributor).
    for (const email of ["sub-berlin@example.com", "sub-paris@example.com", "subdistributor@example.com"]) {
      const res = await t.post(ADD, { email }, token);
      expect([res.status, res.body.errorCode]).toEqual([409, 700024]);
    }
    expect((await t.post(ADD, { email: "not-an-email" }, token)).status).toBe(400);
    expect((await t.post(ADD, {}, token)).status).toBe(400);
    expect((await t.post(ADD, { email: "sub-madrid@example.com", note: "x".repeat(201) }, token)).status).toBe(400);
    expect(await linkCount()).toBe(before);
  });

  it("refuses an organisation associated under another distributor, or one with sub-distributors of its own", async () => {
    const other = await as("other@example.com");
    const before = await linkCount();
    expect((await t.post(ADD, { email: "subdistributor@example.com" }, other)).body.errorCode).toBe(700025);
    expect((await t.post(ADD, { email: "distributor@example.com" }, other)).body.errorCode).toBe(700025);
    expect(await linkCount()).toBe(before);
  });

  it("lets a returned or released organisation be invited again", async () => {
    const res = await t.post<Link>(ADD, { email: "sub-madrid@example.com" }, await as("distributor@example.com"));
    expect(res.body.data).toMatchObject({ status: 0, note: "" });
  });
});

describe("the distributor's transitions", () => {
  it("edits the note of a link not yet submitted", async () => {
    const berlin = await linkOf("sub-berlin@example.com");
    const res = await t.post<Link>(
      NOTE,
      { id: berlin.id, note: "Hamburg and Bremen" },
      await as("distributor@example.com"),
    );
    expect(res.body.data).toMatchObject({ id: berlin.id, note: "Hamburg and Bremen", status: 0 });
    expect((await statusOf(berlin.id))?.note).toBe("Hamburg and Bremen");
  });

  it("submits for review: 0 -> 1 with an event; a second submit is 409 and writes nothing", async () => {
    const token = await as("distributor@example.com");
    const berlin = await linkOf("sub-berlin@example.com");
    const res = await t.post<Link>(SUBMIT, { id: berlin.id }, token);
    expect(res.body.data.status).toBe(1);
    const events = await eventsOf(berlin.id);
    expect(events.at(-1)).toMatchObject({
      from_status: 0,
      to_status: 1,
      actor_account_id: await accountId("distributor@example.com"),
    });

    const again = await t.post(SUBMIT, { id: berlin.id }, token);
    expect([again.status, again.body.errorCode]).toEqual([409, 700023]);
    expect(await eventsOf(berlin.id)).toHaveLength(events.length);
  });

  it("refuses note edits, deletion and release outside their status (409), without writing", async () => {
    const token = await as("distributor@example.com");
    const berlin = await linkOf("sub-berlin@example.com"); // under review now
    const milan = await linkOf("sub-milan@example.com"); // released
    const eventCount = (await eventsOf(berlin.id)).length;
    expect((await t.post(NOTE, { id: berlin.id, note: "changed" }, token)).body.errorCode).toBe(700023);
    expect((await t.post(DELETE, { id: berlin.id }, token)).body.errorCode).toBe(700023);
    expect((await t.post(RELEASE, { id: berlin.id }, token)).body.errorCode).toBe(700023);
    expect((await t.post(RELEASE, { id: milan.id }, token)).body.errorCode).toBe(700023);
    expect((await t.post(SUBMIT, { id: milan.id }, token)).body.errorCode).toBe(700023);
    expect(await statusOf(berlin.id)).toMatchObject({ status: 1, note: "Hamburg and Bremen" });
    expect(await statusOf(milan.id)).toMatchObject({ status: 3 });
    expect(await eventsOf(berlin.id)).toHaveLength(eventCount);
  });

  it("refuses a bad id (400) and another distributor's link (404) like a missing one", async () => {
    const madrid = await linkOf("sub-madrid@example.com");
    const other = await as("other@example.com");
    for (const path of [SUBMIT, DELETE, RELEASE]) {
      const res = await t.post(path, { id: madrid.id }, other);
      expect([res.status, res.body.errorCode]).toEqual([404, 600909]);
      expect((await t.post(path, { id: 999_999 }, other)).status).toBe(404);
      expect((await t.post(path, { id: "abc" }, other)).status).toBe(400);
    }
    expect((await t.post(NOTE, { id: madrid.id, note: "mine" }, other)).status).toBe(404);
    expect((await t.get(EVENTS, { id: madrid.id }, other)).status).toBe(404);
    expect(await statusOf(madrid.id)).toMatchObject({ status: 0, note: "" });

    // The other way round: a link of Other Distributor is not Demo Distributor's.
    const own = await t.post<Link>(ADD, { email: "sub-berlin@example.com" }, other);
    expect(own.body.data.status).toBe(0);
    const res = await t.post(SUBMIT, { id: own.body.data.id }, await as("distributor@example.com"));
    expect(res.status).toBe(404);
    expect(await statusOf(own.body.data.id)).toMatchObject({ status: 0 });
  });

  it("deletes a link not yet submitted, with its events", async () => {
    const madrid = await linkOf("sub-madrid@example.com");
    expect(madrid.status).toBe(0);
    const res = await t.post(DELETE, { id: madrid.id }, await as("distributor@example.com"));
    expect(res.body).toMatchObject({ errorCode: 0, data: null });
    expect(await statusOf(madrid.id)).toBeNull();
    expect(await eventsOf(madrid.id)).toEqual([]);
  });

  it("shows a link's history, oldest first, with who and why", async () => {
    const milan = await linkOf("sub-milan@example.com");
    const res = await t.get<{ list: Event[] }>(EVENTS, { id: milan.id }, await as("distributor@example.com"));
    expect(res.body.data.list.map((e) => [e.fromStatus, e.toStatus])).toEqual([
      [null, 0],
      [0, 1],
      [1, 2],
      [2, 3],
    ]);
    expect(res.body.data.list[2]?.actorEmail).toBe("sub-milan@example.com");
    expect((await t.get(EVENTS, { id: "x" }, await as("distributor@example.com"))).status).toBe(400);
  });
});

describe("the invited side", () => {
  it("lists the invitations under review addressed to the caller's organisation", async () => {
    const res = await t.post<Page<{ id: number; parentOrganisationName: string; note: string; invitedBy: string }>>(
      INVITATIONS,
      {},
      await as("sub-paris@example.com"),
    );
    expect(res.body.data.total).toBe(1);
    expect(res.body.data.list[0]).toMatchObject({
      parentOrganisationName: "Demo Distributor",
      invitedBy: "distributor@example.com",
      note: "Île-de-France service partner",
    });
    // Not yet submitted is not an invitation yet.
    const lisbon = await t.post<Page<unknown>>(INVITATIONS, {}, await as("sub-lisbon@example.com"));
    expect(lisbon.body.data.total).toBe(0);
  });

  it("reaches a self-registered account, whose own organisation is invited", async () => {
    const email = "fresh-distributor@example.com";
    await t.post("/account/acc/get_mailbox_code", { email, type: 1 });
    const code = await t.outbox.latestCode(email);
    await t.post("/account/acc/mailbox_regist", { email, code, password: "Secret99", companyName: "Porto Trading" });
    const demo = await as("distributor@example.com");
    const added = await t.post<Link>(ADD, { email, note: "New in Porto" }, demo);
    expect(added.body.data).toMatchObject({ email, status: 0 });
    await t.post(SUBMIT, { id: added.body.data.id }, demo);

    const invitee = await t.moduleToken(email, 2, "Secret99");
    const res = await t.post<Page<{ id: number; note: string }>>(INVITATIONS, {}, invitee);
    expect(res.body.data.list).toEqual([expect.objectContaining({ id: added.body.data.id, note: "New in Porto" })]);
  });

  it("answers 404 when an account outside the invited organisation accepts or returns", async () => {
    const paris = await linkOf("sub-paris@example.com");
    for (const email of ["sub-lisbon@example.com", "distributor@example.com", "other@example.com"]) {
      const token = await as(email);
      expect((await t.post(ACCEPT, { id: paris.id }, token)).status).toBe(404);
      expect((await t.post(RETURN, { id: paris.id, reason: "no" }, token)).status).toBe(404);
    }
    // Added but not submitted is invisible to the invitee.
    const lisbon = await linkOf("sub-lisbon@example.com");
    expect((await t.post(ACCEPT, { id: lisbon.id }, await as("sub-lisbon@example.com"))).status).toBe(404);
    expect(await statusOf(paris.id)).toMatchObject({ status: 1 });
    expect(await statusOf(lisbon.id)).toMatchObject({ status: 0 });
  });

  it("accepts: the link is associated and the organisation's accounts become sub-distributors at once", async () => {
    const paris = await linkOf("sub-paris@example.com");
    const token = await as("sub-paris@example.com");
    const res = await t.post(ACCEPT, { id: paris.id }, token);
    expect(res.body).toMatchObject({ errorCode: 0, data: { parentOrganisationName: "Demo Distributor" } });
    expect(await statusOf(paris.id)).toMatchObject({ status: 2 });
    expect((await eventsOf(paris.id)).at(-1)).toMatchObject({
      from_status: 1,
      to_status: 2,
      actor_account_id: await accountId("sub-paris@example.com"),
    });
    expect(await roleOf("sub-paris@example.com")).toBe(3);
    // The same session is now a sub-distributor's: no more sub-distributor management.
    expect((await t.post(INVITATIONS, {}, token)).status).toBe(403);
    expect((await linkOf("sub-paris@example.com")).status).toBe(2);
  });

  it("refuses to accept or return a link that is not under review (409), without writing", async () => {
    const milan = await linkOf("sub-milan@example.com");
    const token = await as("sub-milan@example.com");
    const before = (await eventsOf(milan.id)).length;
    const accept = await t.post(ACCEPT, { id: milan.id }, token);
    expect([accept.status, accept.body.errorCode]).toEqual([409, 700023]);
    expect((await t.post(RETURN, { id: milan.id, reason: "no" }, token)).body.errorCode).toBe(700023);
    expect(await statusOf(milan.id)).toMatchObject({ status: 3 });
    expect(await eventsOf(milan.id)).toHaveLength(before);
    expect(await roleOf("sub-milan@example.com")).toBe(1);
  });

  it("returns with a reason the distributor then reads; a reason is required and at most 500 characters", async () => {
    const berlin = await linkOf("sub-berlin@example.com"); // under review since the submit above
    const token = await as("sub-berlin@example.com");
    expect((await t.post(RETURN, { id: berlin.id }, token)).status).toBe(400);
    expect((await t.post(RETURN, { id: berlin.id, reason: "   " }, token)).status).toBe(400);
    expect((await t.post(RETURN, { id: berlin.id, reason: "x".repeat(501) }, token)).status).toBe(400);
    expect(await statusOf(berlin.id)).toMatchObject({ status: 1, return_reason: null });

    const res = await t.post(RETURN, { id: berlin.id, reason: "Our territory is Hamburg only." }, token);
    expect(res.body.errorCode).toBe(0);
    expect(await linkOf("sub-berlin@example.com")).toMatchObject({
      status: 4,
      returnReason: "Our territory is Hamburg only.",
    });
    expect((await eventsOf(berlin.id)).at(-1)).toMatchObject({
      from_status: 1,
      to_status: 4,
      reason: "Our territory is Hamburg only.",
      actor_account_id: await accountId("sub-berlin@example.com"),
    });
    expect(await roleOf("sub-berlin@example.com")).toBe(1);
    expect((await t.post(RETURN, { id: berlin.id, reason: "again" }, token)).body.errorCode).toBe(700023);
  });

  it("refuses to accept once the invited organisation has sub-distributors of its own (700025)", async () => {
    const demo = await as("distributor@example.com");
    const lisbon = await linkOf("sub-lisbon@example.com");
    await t.post(SUBMIT, { id: lisbon.id }, demo);
    // Meanwhile Lisbon takes Madrid on as its own sub-distributor.
    const lisbonToken = await as("sub-lisbon@example.com");
    const madrid = await t.post<Link>(ADD, { email: "sub-madrid@example.com" }, lisbonToken);
    await t.post(SUBMIT, { id: madrid.body.data.id }, lisbonToken);
    expect((await t.post(ACCEPT, { id: madrid.body.data.id }, await as("sub-madrid@example.com"))).body.errorCode).toBe(
      0,
    );

    const res = await t.post(ACCEPT, { id: lisbon.id }, lisbonToken);
    expect([res.status, res.body.errorCode]).toEqual([400, 700025]);
    expect(await statusOf(lisbon.id)).toMatchObject({ status: 1 });
    expect(await roleOf("sub-lisbon@example.com")).toBe(1);
  });
});

describe("releasing a sub-distributor", () => {
  it("releases: 2 -> 3, the child's accounts are distributors again and the parent loses its records at once", async () => {
    const token = await as("distributor@example.com");
    const demoSub = await linkOf("subdistributor@example.com");
    expect(demoSub.status).toBe(2);
    expect(await subDistributorProjects()).toBe(10);
    const orgOptions = await t.get<{ list: { name: string }[] }>(
      "/hmt-web/distributor/organisation/options",
      {},
      token,
    );
    expect(orgOptions.body.data.list.map((o) => o.name)).toContain("Demo Sub-distributor");

    const res = await t.post<Link>(RELEASE, { id: demoSub.id }, token);
    expect(res.body.data.status).toBe(3);
    expect((await eventsOf(demoSub.id)).at(-1)).toMatchObject({
      from_status: 2,
      to_status: 3,
      actor_account_id: await accountId("distributor@example.com"),
    });
    expect(await roleOf("subdistributor@example.com")).toBe(1);
    expect(await subDistributorProjects()).toBe(0);

    const again = await t.post(RELEASE, { id: demoSub.id }, token);
    expect([again.status, again.body.errorCode]).toEqual([409, 700023]);
    expect(await eventsOf(demoSub.id)).toHaveLength(4);
  });
});
