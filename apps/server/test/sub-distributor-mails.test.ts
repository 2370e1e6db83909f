import type { AddressInfo } from "node:net";
import { createServer } from "node:net";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "./helpers/test-app.ts";

const BASE = "/hmt-web/distributor/sub-distributors";
const ADD = `${BASE}/add`;
const SUBMIT = `${BASE}/submit`;
const DELETE = `${BASE}/delete`;
const RELEASE = `${BASE}/release`;
const ACCEPT = `${BASE}/invitations/accept`;
const RETURN = `${BASE}/invitations/return`;

const DEMO = "distributor@example.com"; // Demo Distributor, Chinese (language 0)

let t: TestApp;
const tokens: Record<string, string> = {};
const as = async (email: string) => {
  tokens[email] ??= await t.moduleToken(email, 2);
  return tokens[email];
};

/** A port nothing listens on: every delivery fails at once, so the rows keep their text for the test to read. */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

beforeAll(async () => {
  t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${await closedPort()}` });
  await t.app.services.mailOutbox.stop();
});
afterAll(() => t.close());

const mails = () =>
  t.db
    .selectFrom("mail_outbox")
    .where("kind", "like", "sub-distributor-%")
    .select(["id", "kind", "recipient", "subject", "text", "html"])
    .orderBy("id")
    .execute();

/** The mails written by `action`, and what it answered. */
const mailedBy = async <T>(action: () => Promise<T>) => {
  const before = (await mails()).length;
  const result = await action();
  return { result, mailed: (await mails()).slice(before) };
};

const linkId = async (childEmail: string, status: number) => {
  const row = await t.db
    .selectFrom("sub_distributor_links as l")
    .innerJoin("accounts as a", "a.id", "l.invited_account_id")
    .where("a.email", "=", childEmail)
    .where("l.status", "=", status)
    .select("l.id")
    .orderBy("l.id", "desc")
    .executeTakeFirstOrThrow();
  return row.id;
};

const statusOf = async (id: number) =>
  (await t.db.selectFrom("sub_distributor_links").where("id", "=", id).select("status").executeTakeFirstOrThrow())
    .status;

/** The text of each language in the order it appears: the recipient's language comes first. */
const order = (text: string, zh: string, en: string) => {
  const z = text.indexOf(zh);
  const e = text.indexOf(en);
  expect(z).toBeGreaterThanOrEqual(0);
  expect(e).toBeGreaterThanOrEqual(0);
  return z < e ? "zh-en" : "en-zh";
};

describe("sub-distributor mails", () => {
  it("mails nothing for adding or deleting a draft the invitee never sees", async () => {
    const token = await as(DEMO);
    const { result, mailed } = await mailedBy(() =>
      t.post<{ id: number }>(ADD, { email: "sub-lisbon@example.com", note: "Portugal" }, token),
    );
    expect(result.body.errorCode).toBe(0);
    expect(mailed).toEqual([]);
    const berlin = await linkId("sub-berlin@example.com", 0);
    expect((await mailedBy(() => t.post(DELETE, { id: berlin }, token))).mailed).toEqual([]);
  });

  it("mails the invitation to the invited account in its language (English), Chinese below", async () => {
    const id = await linkId("sub-lisbon@example.com", 0);
    const { result, mailed } = await mailedBy(() => t.post(SUBMIT, { id }, tokens[DEMO]));
    expect(result.body.errorCode).toBe(0);
    expect(mailed).toHaveLength(1);
    const [mail] = mailed;
    expect(mail).toMatchObject({
      kind: "sub-distributor-invited",
      recipient: "sub-lisbon@example.com",
      subject: "[Under review] Demo Distributor invites Lisbon Climate Distribution to become its sub-distributor",
    });
    const text = mail?.text ?? "";
    expect(text).toContain("New status: Under review");
    expect(text).toContain("新状态: 审核中");
    expect(text).toContain("Demo Distributor 邀请 Lisbon Climate Distribution");
    expect(order(text, "新状态", "New status")).toBe("en-zh");
    expect(text).toContain(`${TEST_PUBLIC_URL}/#/platformCenter/distributorManagement?tab=invitations`);
    expect(mail?.html).toContain('<div lang="en">');
  });

  it("mails the acceptance to the distributor that submitted it, in Chinese first", async () => {
    const id = await linkId("sub-lisbon@example.com", 1);
    const lisbon = await as("sub-lisbon@example.com");
    const { result, mailed } = await mailedBy(() => t.post(ACCEPT, { id }, lisbon));
    expect(result.body.errorCode).toBe(0);
    expect(mailed).toHaveLength(1);
    const [mail] = mailed;
    expect(mail).toMatchObject({
      kind: "sub-distributor-accepted",
      recipient: DEMO,
      subject: "【已关联】Lisbon Climate Distribution 已接受 Demo Distributor 的二级经销商邀请",
    });
    expect(mail?.text).toContain("新状态: 已关联");
    expect(mail?.text).toContain("New status: Associated");
    expect(mail?.text).toContain("sub-lisbon@example.com");
    expect(order(mail?.text ?? "", "新状态", "New status")).toBe("zh-en");
  });

  it("mails the release to the released organisation's invited account", async () => {
    const id = await linkId("sub-lisbon@example.com", 2);
    const { result, mailed } = await mailedBy(() => t.post(RELEASE, { id }, tokens[DEMO]));
    expect(result.body.errorCode).toBe(0);
    expect(mailed).toEqual([
      expect.objectContaining({
        kind: "sub-distributor-released",
        recipient: "sub-lisbon@example.com",
        subject: "[Released] Demo Distributor released Lisbon Climate Distribution as its sub-distributor",
      }),
    ]);
    expect(mailed[0]?.text).toContain("New status: Released");
    expect(mailed[0]?.text).toContain("新状态: 已解除");
  });

  it("mails a return with its reason to the distributor", async () => {
    const id = await linkId("sub-paris@example.com", 1);
    const paris = await as("sub-paris@example.com");
    const reason = "We cover Île-de-France with <another> partner.";
    const { result, mailed } = await mailedBy(() => t.post(RETURN, { id, reason }, paris));
    expect(result.body.errorCode).toBe(0);
    expect(mailed).toHaveLength(1);
    const [mail] = mailed;
    expect(mail).toMatchObject({
      kind: "sub-distributor-returned",
      recipient: DEMO,
      subject: "【已退回】Paris Climate Distribution 已退回 Demo Distributor 的二级经销商邀请",
    });
    expect(mail?.text).toContain(`退回原因: ${reason}`);
    expect(mail?.text).toContain(`Return reason: ${reason}`);
    expect(mail?.text).toContain("新状态: 已退回");
    // The reason is someone else's words: escaped in the HTML part.
    expect(mail?.html).toContain("&lt;another&gt;");
    expect(mail?.html).not.toContain("<another>");
  });

  it("writes an invitation in Chinese first to an invited account that reads Chinese", async () => {
    await t.db.updateTable("accounts").set({ language_id: 0 }).where("email", "=", "sub-madrid@example.com").execute();
    const added = await t.post<{ id: number }>(ADD, { email: "sub-madrid@example.com" }, tokens[DEMO]);
    const { mailed } = await mailedBy(() => t.post(SUBMIT, { id: added.body.data.id }, tokens[DEMO]));
    expect(mailed).toHaveLength(1);
    expect(mailed[0]).toMatchObject({
      recipient: "sub-madrid@example.com",
      subject: "【审核中】Demo Distributor 邀请 Madrid Climate Distribution 成为其二级经销商",
    });
    expect(order(mailed[0]?.text ?? "", "新状态", "New status")).toBe("zh-en");
  });

  it("mails nothing for a change that is refused", async () => {
    const lisbon = await linkId("sub-lisbon@example.com", 3);
    const madrid = await linkId("sub-madrid@example.com", 1);
    const { mailed } = await mailedBy(async () => {
      expect((await t.post(RELEASE, { id: lisbon }, tokens[DEMO])).body.errorCode).toBe(700023);
      expect((await t.post(SUBMIT, { id: madrid }, tokens[DEMO])).body.errorCode).toBe(700023);
      // Another organisation cannot answer Madrid's invitation.
      expect((await t.post(ACCEPT, { id: madrid }, await as("other@example.com"))).status).toBe(404);
    });
    expect(mailed).toEqual([]);
  });

  it("keeps the status change and its mail together: a mail that cannot be written undoes the change", async () => {
    const madrid = await linkId("sub-madrid@example.com", 1);
    const events = async () =>
      (await t.db.selectFrom("sub_distributor_events").where("link_id", "=", madrid).select("id").execute()).length;
    const eventsBefore = await events();
    const madridToken = await as("sub-madrid@example.com");
    await sql`CREATE FUNCTION refuse_test_mail() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'mail refused by the test'; END $$`.execute(t.db);
    await sql`CREATE TRIGGER refuse_test_mail BEFORE INSERT ON mail_outbox
      FOR EACH ROW WHEN (NEW.kind = 'sub-distributor-accepted') EXECUTE FUNCTION refuse_test_mail()`.execute(t.db);
    try {
      const { result, mailed } = await mailedBy(() => t.post(ACCEPT, { id: madrid }, madridToken));
      expect(result.status).toBe(500);
      expect(mailed).toEqual([]);
      expect(await statusOf(madrid)).toBe(1);
      expect(await events()).toBe(eventsBefore);
    } finally {
      await sql`DROP TRIGGER refuse_test_mail ON mail_outbox`.execute(t.db);
      await sql`DROP FUNCTION refuse_test_mail()`.execute(t.db);
    }
    // Once the mail can be written, the same change goes through with it.
    const { mailed } = await mailedBy(() => t.post(ACCEPT, { id: madrid }, madridToken));
    expect(await statusOf(madrid)).toBe(2);
    expect(mailed).toEqual([expect.objectContaining({ kind: "sub-distributor-accepted", recipient: DEMO })]);
  });
});
