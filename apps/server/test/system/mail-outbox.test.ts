import type { AddressInfo } from "node:net";
import { createServer as createNetServer } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailOutbox, GIVE_UP_AFTER_MS, LEASE_MS } from "../../src/mail/mail-outbox.ts";
import { createMailTransport } from "../../src/mail/mailer.ts";
import { codeIn, readMail } from "../helpers/mail-reader.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

const CODE = "/account/acc/get_mailbox_code";
const CHECK = "/account/acc/check_mailbox_code";

/** Every message the real SMTP server accepted, raw, in arrival order. */
const received: string[] = [];

const startSmtp = (port: number) =>
  new Promise<SMTPServer>((resolve, reject) => {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          received.push(Buffer.concat(chunks).toString("utf8"));
          callback();
        });
      },
    });
    server.server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve(server));
  });

const stopSmtp = (server: SMTPServer) => new Promise<void>((resolve) => server.close(() => resolve()));

/** A port nothing listens on: connecting to it is refused at once. */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const probe = createNetServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

const mailsTo = (address: string) => received.filter((m) => new RegExp(`^To: ${address}`, "mi").test(m));
const headerOf = (raw: string, name: string) =>
  new RegExp(`^${name}: (.*)$`, "mi").exec(raw.replace(/\r?\n[ \t]+/g, " "))?.[1]?.trim();

const rowsTo = (t: TestApp, recipient: string) =>
  t.db.selectFrom("mail_outbox").where("recipient", "=", recipient).selectAll().orderBy("id").execute();

let t: TestApp;
let smtp: SMTPServer;
let port: number;

beforeAll(async () => {
  smtp = await startSmtp(0);
  port = (smtp.server.address() as AddressInfo).port;
  t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}` });
  // The test runs the worker itself, at the times it chooses.
  await t.app.services.mailOutbox.stop();
});
afterAll(async () => {
  await t?.close();
  if (smtp?.server.listening) await stopSmtp(smtp);
});

describe("mail through the outbox to a real SMTP server", () => {
  it("sends a code at once while the server answers", async () => {
    const res = await t.post(CODE, { email: "new@example.com", type: 1 });
    expect(res.body.errorCode).toBe(0);
    const mails = mailsTo("new@example.com");
    expect(mails).toHaveLength(1);
    const code = codeIn((await readMail(mails[0] as string)).text) as string;
    expect((await t.post(CHECK, { email: "new@example.com", type: 1, code })).body.errorCode).toBe(0);
    const [row] = await rowsTo(t, "new@example.com");
    expect(row).toMatchObject({ status: "sent", attempts: 1, kind: "register-code", locked_until: null });
    // The Message-ID is the row's, so a copy sent again after a crash can be recognised.
    expect(headerOf(mails[0] as string, "Message-ID")).toBe(row?.message_id);
    expect(row?.message_id).toMatch(new RegExp(`^<${row?.id}\\.[0-9a-f]+@vrf\\.local>$`));
    // The code does not stay readable in the database once it was sent.
    expect(row?.text).toBe("");
  });

  it("answers normally while the server is down, keeps the mail and sends it exactly once when it is back", async () => {
    await stopSmtp(smtp);
    const started = Date.now();
    const res = await t.post(CODE, { email: "later@example.com", type: 1 });
    expect(res.body.errorCode).toBe(0);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(mailsTo("later@example.com")).toHaveLength(0);
    const [pending] = await rowsTo(t, "later@example.com");
    expect(pending).toMatchObject({ status: "pending", attempts: 1, locked_until: null });
    expect(pending?.last_error).toMatch(/ECONNREFUSED|ECONNECTION/);
    expect(new Date(pending?.next_attempt_at as Date).getTime() - t.clock.now().getTime()).toBe(30_000);

    smtp = await startSmtp(port);
    // Not due yet: the first retry waits 30 s.
    expect(await t.app.services.mailOutbox.runDue()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(mailsTo("later@example.com")).toHaveLength(0);

    t.clock.advance(30_000);
    expect((await t.app.services.mailOutbox.runDue()).sent).toBe(1);
    t.clock.advance(LEASE_MS + 60_000);
    expect((await t.app.services.mailOutbox.runDue()).sent).toBe(0);
    const mails = mailsTo("later@example.com");
    expect(mails).toHaveLength(1);
    const [sent] = await rowsTo(t, "later@example.com");
    expect(sent).toMatchObject({ status: "sent", attempts: 2, last_error: null });
    expect(headerOf(mails[0] as string, "Message-ID")).toBe(pending?.message_id);
    // Still the code of that request: it checks.
    const code = codeIn((await readMail(mails[0] as string)).text) as string;
    expect((await t.post(CHECK, { email: "later@example.com", type: 1, code })).body.errorCode).toBe(0);
  });

  it("two workers on the same due rows send each mail once", async () => {
    await stopSmtp(smtp);
    const addresses = Array.from({ length: 12 }, (_, i) => `queued${i}@example.com`);
    for (const to of addresses) {
      await t.app.services.mailer.send({ to, kind: "repair-report", subject: `Report for ${to}`, text: "x" });
    }
    for (const to of addresses) expect((await rowsTo(t, to))[0]?.status).toBe("pending");
    smtp = await startSmtp(port);
    t.clock.advance(30_000);

    const transport = createMailTransport({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: "w@vrf.local",
      outboxDir: "",
      log: t.app.log,
    });
    const other = createMailOutbox({ db: t.db, clock: t.clock, transport, log: t.app.log });
    const results = await Promise.all([t.app.services.mailOutbox.runDue(), other.runDue()]);
    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(addresses.length);
    await Promise.all([t.app.services.mailOutbox.runDue(), other.runDue()]);
    for (const to of addresses) {
      expect(mailsTo(to), to).toHaveLength(1);
      expect((await rowsTo(t, to))[0]?.status).toBe("sent");
    }
  });

  it("sends again, with the same Message-ID, a row whose sender died before marking it", async () => {
    await t.app.services.mailer.send({ to: "crash@example.com", kind: "repair-report", subject: "Crash", text: "y" });
    const [row] = await rowsTo(t, "crash@example.com");
    // As if a worker had claimed it again, the server had accepted it, and the process died before the update.
    await t.db
      .updateTable("mail_outbox")
      .set({ status: "sending", locked_until: new Date(t.clock.now().getTime() + LEASE_MS) })
      .where("id", "=", row?.id as number)
      .execute();
    expect((await t.app.services.mailOutbox.runDue()).sent).toBe(0);
    t.clock.advance(LEASE_MS);
    expect((await t.app.services.mailOutbox.runDue()).sent).toBe(1);
    const mails = mailsTo("crash@example.com");
    expect(mails).toHaveLength(2);
    expect(new Set(mails.map((m) => headerOf(m, "Message-ID")))).toEqual(new Set([row?.message_id]));
  });

  it("backs off 30 s, 1 min, 2 min … at most 30 min, and gives up after a day (a code when it expires)", async () => {
    const dead = await closedPort();
    const transport = createMailTransport({
      smtpUrl: `smtp://127.0.0.1:${dead}`,
      from: "d@vrf.local",
      outboxDir: "",
      log: t.app.log,
    });
    const outbox = createMailOutbox({ db: t.db, clock: t.clock, transport, log: t.app.log });
    const start = t.clock.now().getTime();
    await outbox.mailer.send({ to: "lost@example.com", kind: "repair-report", subject: "S", text: "t" });
    await outbox.mailer.send({
      to: "code@example.com",
      kind: "reset-code",
      subject: "C",
      text: "123456",
      giveUpAt: new Date(start + 10 * 60_000),
    });
    const delays: number[] = [];
    for (;;) {
      const [row] = await rowsTo(t, "lost@example.com");
      if (row?.status !== "pending") break;
      const wait = new Date(row.next_attempt_at).getTime() - t.clock.now().getTime();
      delays.push(wait);
      t.clock.advance(wait);
      await outbox.runDue();
    }
    expect(delays.slice(0, 7)).toEqual([30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_800_000]);
    expect(new Set(delays.slice(6))).toEqual(new Set([1_800_000]));
    const [lost] = await rowsTo(t, "lost@example.com");
    expect(lost?.status).toBe("failed");
    expect(t.clock.now().getTime() - start).toBeLessThanOrEqual(GIVE_UP_AFTER_MS);
    expect(t.clock.now().getTime() - start).toBeGreaterThan(GIVE_UP_AFTER_MS - 30 * 60_000);
    // The code mail stopped trying once its code had expired, after far fewer attempts.
    const [code] = await rowsTo(t, "code@example.com");
    expect(code?.status).toBe("failed");
    expect(code?.attempts).toBe(5);
    expect(mailsTo("lost@example.com")).toHaveLength(0);
  });
});
