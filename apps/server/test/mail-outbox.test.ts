import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAILS_PER_RECIPIENT_PER_HOUR } from "../src/mail/mail-outbox.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

const INTAKE = "/hmt-web/distributor/repair_report/intake";
const SETTINGS = "/hmt-web/account/update_notification_settings";
const CODE = "/account/acc/get_mailbox_code";
const RECIPIENT = "distributor@example.com";

let t: TestApp;
let serial: string;

const rows = (kind: string) =>
  t.db
    .selectFrom("mail_outbox")
    .where("recipient", "=", RECIPIENT)
    .where("kind", "=", kind)
    .select(["status", "text"])
    .orderBy("id")
    .execute();
const filesTo = async (subject: RegExp) =>
  (await t.outbox.messages()).filter((m) => m.to.includes(RECIPIENT) && subject.test(m.subject));
const intake = (n: number) =>
  t.post(INTAKE, { userName: "Flood", email: `flood${n}@example.com`, serialNumber: serial, content: `spam ${n}` });

beforeAll(async () => {
  t = await createTestApp();
  const { accessToken } = await t.login(RECIPIENT);
  const res = await t.post(
    SETTINGS,
    { repairInfo: true, dailyFaultReport: false, hour: 8, email: "", timezone: "UTC" },
    accessToken,
  );
  expect(res.body.errorCode).toBe(0);
  const org = await t.db
    .selectFrom("accounts")
    .where("email", "=", RECIPIENT)
    .select("organisation_id")
    .executeTakeFirstOrThrow();
  serial = (
    await t.db
      .selectFrom("devices")
      .where("organisation_id", "=", org.organisation_id)
      .select("serial_number")
      .orderBy("id")
      .executeTakeFirstOrThrow()
  ).serial_number;
});
afterAll(() => t.close());

describe("mails per recipient per hour", () => {
  it("sends a distributor at most the cap of report notices an hour and stores the rest as suppressed", async () => {
    for (let n = 0; n < MAILS_PER_RECIPIENT_PER_HOUR + 5; n++) {
      t.clock.advance(60_000);
      expect((await intake(n)).body.errorCode).toBe(0);
    }
    const notices = await rows("repair-report");
    expect(notices.filter((r) => r.status === "sent")).toHaveLength(MAILS_PER_RECIPIENT_PER_HOUR);
    expect(notices.filter((r) => r.status === "suppressed")).toHaveLength(5);
    // Nobody's words are kept for a mail that will never go out.
    for (const r of notices.filter((n) => n.status === "suppressed")) expect(r.text).toBe("");
    expect(await filesTo(/./)).toHaveLength(MAILS_PER_RECIPIENT_PER_HOUR);
  });

  it("never holds back a code mail", async () => {
    expect((await t.post(CODE, { email: RECIPIENT, type: 2 })).body.errorCode).toBe(0);
    expect(await rows("reset-code")).toEqual([{ status: "sent", text: "" }]);
    expect(await t.outbox.latestCode(RECIPIENT)).toMatch(/^\d{6}$/);
  });

  it("sends notices again once the hour has moved on", async () => {
    t.clock.advance(60 * 60_000);
    expect((await intake(100)).body.errorCode).toBe(0);
    const notices = await rows("repair-report");
    expect(notices.at(-1)?.status).toBe("sent");
  });
});
