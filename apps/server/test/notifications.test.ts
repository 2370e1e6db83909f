import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "./helpers/test-app.ts";

const INTAKE = "/hmt-web/distributor/repair_report/intake";
const SETTINGS = "/hmt-web/account/update_notification_settings";

let t: TestApp;
const accountIds = new Map<string, number>();
const orgs = new Map<string, number>();

const settings = async (
  email: string,
  s: { repairInfo?: boolean; dailyFaultReport?: boolean; hour?: number; email?: string; timezone?: string },
) => {
  const { accessToken } = await t.login(email);
  const res = await t.post(
    SETTINGS,
    { repairInfo: false, dailyFaultReport: false, hour: 8, email: "", timezone: "Asia/Shanghai", ...s },
    accessToken,
  );
  expect(res.body.errorCode).toBe(0);
};

/** Mails written so far to one address whose subject matches, with both bodies decoded. */
const mailsTo = async (address: string, subject: RegExp) =>
  (await t.outbox.messages())
    .filter((m) => m.to.includes(address) && subject.test(m.subject))
    .map((m) => ({ subject: m.subject, body: `${m.text}\n${m.html}` }));

const serialOf = async (organisation: string) =>
  (
    await t.db
      .selectFrom("devices")
      .where("organisation_id", "=", orgs.get(organisation) as number)
      .select("serial_number")
      .orderBy("id")
      .executeTakeFirstOrThrow()
  ).serial_number;

beforeAll(async () => {
  t = await createTestApp();
  for (const a of await t.db.selectFrom("accounts").select(["id", "email"]).execute()) accountIds.set(a.email, a.id);
  for (const o of await t.db.selectFrom("organisations").select(["id", "name"]).execute()) orgs.set(o.name, o.id);
});
afterAll(() => t.close());

describe("new repair report notice", () => {
  it("mails the matched organisation's users who switched repair-info on, to their chosen address", async () => {
    await settings("distributor@example.com", { repairInfo: true, email: "service@demo-distributor.example" });
    // Same organisation, but a Hi-Checker-only account cannot open the report: no mail.
    await settings("checker@example.com", { repairInfo: true });
    await settings("other@example.com", { repairInfo: true });
    const res = await t.post<{ reference: string }>(INTAKE, {
      userName: "王伟",
      email: "wang.wei@example.cn",
      phone: "+86 138 1001 2233",
      serialNumber: await serialOf("Demo Distributor"),
      productModel: "HCCS-H64H2C1M",
      content: "会议室空调不制冷 <b>urgent</b>",
    });
    expect(res.status).toBe(200);
    const mails = await mailsTo("service@demo-distributor.example", /新报修/);
    expect(mails).toHaveLength(1);
    // Chinese for the account's language (0), the reference and the report's own words inside, escaped in HTML.
    expect(mails[0]?.subject).toContain(res.body.data.reference);
    expect(mails[0]?.body).toContain("&lt;b&gt;urgent&lt;/b&gt;");
    // A link straight to the report's page in the portal.
    const id = Number(res.body.data.reference.replace(/\D/g, ""));
    expect(mails[0]?.body).toContain(`${TEST_PUBLIC_URL}/#/equipmentCenter/RepairReportDetail?id=${id}`);
    expect(await mailsTo("checker@example.com", /./)).toHaveLength(0);
    expect(await mailsTo("other@example.com", /./)).toHaveLength(0);
    expect(await mailsTo("distributor@example.com", /./)).toHaveLength(0);
  });

  it("falls back to the account's e-mail and writes in its language; nothing for repair-info off or unmatched", async () => {
    await settings("subdistributor@example.com", { repairInfo: true, email: "" });
    await t.post(INTAKE, {
      userName: "Carlos García",
      email: "carlos@example.es",
      serialNumber: await serialOf("Demo Sub-distributor"),
      content: "No enfría",
    });
    const mails = await mailsTo("subdistributor@example.com", /^New repair report RR\d{6}/);
    expect(mails).toHaveLength(1);

    await settings("subdistributor@example.com", { repairInfo: false });
    await t.post(INTAKE, {
      userName: "Carlos García",
      email: "carlos@example.es",
      serialNumber: await serialOf("Demo Sub-distributor"),
      content: "Sigue sin enfriar",
    });
    await t.post(INTAKE, { userName: "Nobody", email: "n@example.com", serialNumber: "UNKNOWN1", content: "x" });
    expect(await mailsTo("subdistributor@example.com", /repair report/)).toHaveLength(1);
  });
});

describe("daily fault report", () => {
  it("is sent once at the chosen local hour, listing the last day's faults of the visible organisations", async () => {
    // 2026-03-02 08:00 in Shanghai is 00:00 UTC.
    const eight = new Date("2026-03-02T00:00:00Z");
    await settings("distributor@example.com", {
      dailyFaultReport: true,
      hour: 8,
      timezone: "Asia/Shanghai",
      email: "reports@demo-distributor.example",
    });
    const device = await t.db
      .selectFrom("devices")
      .where("organisation_id", "=", orgs.get("Demo Sub-distributor") as number)
      .select(["id", "serial_number", "project_id"])
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const code = (await t.db.selectFrom("fault_codes").select(["code", "name_zh"]).executeTakeFirst()) ?? null;
    await t.db
      .insertInto("faults")
      .values([
        {
          organisation_id: orgs.get("Demo Sub-distributor") as number,
          project_id: device.project_id,
          device_id: device.id,
          code: code?.code ?? "E01",
          system_number: 0,
          outdoor_address: 1,
          indoor_address: 12,
          occurred_at: new Date(eight.getTime() - 2 * 3_600_000),
        },
        {
          // Older than a day: not in this report.
          organisation_id: orgs.get("Demo Sub-distributor") as number,
          project_id: device.project_id,
          device_id: device.id,
          code: "Z99",
          occurred_at: new Date(eight.getTime() - 30 * 3_600_000),
        },
      ])
      .execute();
    const daily = /每日故障报告/;

    // 07:59 local: not yet.
    await t.app.services.repairReports.dailyFaultReports.runDue(new Date(eight.getTime() - 60_000));
    expect(await mailsTo("reports@demo-distributor.example", daily)).toHaveLength(0);

    const first = await t.app.services.repairReports.dailyFaultReports.runDue(eight);
    expect(first.failures).toEqual([]);
    const mails = await mailsTo("reports@demo-distributor.example", daily);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toMatch(/^每日故障报告 2026-03-02：\d+ 条故障$/);
    const body = mails[0]?.body ?? "";
    expect(body).toContain(device.serial_number);
    expect(body).toContain("2026-03-02 06:00");
    if (code) expect(body).toContain(code.name_zh);
    expect(body).not.toContain("Z99");

    // Later in the same hour, and from a second instance: already sent today.
    await t.app.services.repairReports.dailyFaultReports.runDue(new Date(eight.getTime() + 30 * 60_000));
    await Promise.all([
      t.app.services.repairReports.dailyFaultReports.runDue(new Date(eight.getTime() + 45 * 60_000)),
      t.app.services.repairReports.dailyFaultReports.runDue(new Date(eight.getTime() + 46 * 60_000)),
    ]);
    expect(await mailsTo("reports@demo-distributor.example", daily)).toHaveLength(1);
    const runs = await t.db
      .selectFrom("daily_report_runs")
      .where("account_id", "=", accountIds.get("distributor@example.com") as number)
      .selectAll()
      .execute();
    expect(runs).toHaveLength(1);

    // The next local day at 08:00 brings the next report.
    await t.app.services.repairReports.dailyFaultReports.runDue(new Date(eight.getTime() + 86_400_000));
    expect(await mailsTo("reports@demo-distributor.example", daily)).toHaveLength(2);
  });

  it("reads the hour in each user's own zone and leaves out other tenants' faults", async () => {
    // 08:00 in Sydney (UTC+11 in March) is 21:00 UTC the day before.
    await settings("other@example.com", {
      dailyFaultReport: true,
      hour: 8,
      timezone: "Australia/Sydney",
      email: "other@example.com",
    });
    const sydneyEight = new Date("2026-03-04T21:00:00Z");
    const subSerial = await serialOf("Demo Sub-distributor");
    await t.app.services.repairReports.dailyFaultReports.runDue(new Date("2026-03-05T00:00:00Z"));
    expect(await mailsTo("other@example.com", /Daily fault report/)).toHaveLength(0);
    await t.app.services.repairReports.dailyFaultReports.runDue(sydneyEight);
    const mails = await mailsTo("other@example.com", /^Daily fault report 2026-03-05: \d+ faults?$/);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.body).not.toContain(subSerial);
  });

  it("sends nothing to users who switched it off", async () => {
    await settings("subdistributor@example.com", { dailyFaultReport: false, hour: 9, timezone: "UTC" });
    await t.app.services.repairReports.dailyFaultReports.runDue(new Date("2026-03-06T09:00:00Z"));
    expect(await mailsTo("subdistributor@example.com", /Daily fault report/)).toHaveLength(0);
  });
});
