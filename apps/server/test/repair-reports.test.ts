import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

const LIST = "/hmt-web/distributor/repair_report/list";
const DETAIL = "/hmt-web/distributor/repair_report/detail";
const HANDLE = "/hmt-web/distributor/repair_report/handle";
const INTAKE = "/hmt-web/distributor/repair_report/intake";
const EXPORT = "/hmt-web/distributor/repair_report/export";

interface Item {
  id: number;
  reference: string;
  userName: string;
  email: string;
  serialNumber: string;
  status: number;
  reportedAt: string;
  organisationId: number;
  organisationName: string;
  deviceId: number | null;
  deviceKind: string | null;
  projectId: number | null;
}
interface Page {
  list: Item[];
  total: number;
  pageNum: number;
  pageSize: number;
  counts: { unresolved: number; inProcess: number; resolved: number };
}
interface Detail extends Item {
  timeline: {
    note: string;
    fromStatus: number | null;
    toStatus: number | null;
    accountName: string;
    accountEmail: string;
  }[];
}

let t: TestApp;
let distributor: string;
let sub: string;
let other: string;
let checker: string;
const orgs = new Map<string, number>();

const notesOf = async (reportId: number) =>
  t.db.selectFrom("repair_report_notes").where("report_id", "=", reportId).selectAll().execute();
const reportRow = (id: number) =>
  t.db.selectFrom("repair_reports").where("id", "=", id).selectAll().executeTakeFirstOrThrow();

/** A fresh unresolved report on one of the organisation's devices (through the public intake). */
const newReport = async (organisation: string) => {
  const device = await t.db
    .selectFrom("devices")
    .where("organisation_id", "=", orgs.get(organisation) as number)
    .where("kind", "=", "himit")
    .select(["serial_number"])
    .orderBy("id")
    .executeTakeFirstOrThrow();
  const res = await t.post<{ reference: string }>(INTAKE, {
    userName: "Test User",
    email: "test.user@example.com",
    serialNumber: device.serial_number,
    content: "Not cooling",
  });
  expect(res.body.errorCode).toBe(0);
  return Number(res.body.data.reference.slice(2));
};

// One app at a time: a second schema holding migration tables confuses the PostgreSQL migrator.
describe("on the demo data", () => {
  beforeAll(async () => {
    t = await createTestApp();
    for (const o of await t.db.selectFrom("organisations").select(["id", "name"]).execute()) orgs.set(o.name, o.id);
    distributor = await t.moduleToken("distributor@example.com", 2);
    sub = await t.moduleToken("subdistributor@example.com", 2);
    other = await t.moduleToken("other@example.com", 2);
    checker = await t.moduleToken("checker@example.com", 5);
  });
  afterAll(() => t.close());

  describe("repair report list", () => {
    it("pages the distributor's reports and its sub-distributor's, newest first, with status counts", async () => {
      const res = await t.post<Page>(LIST, { pageNum: 1, pageSize: 10 }, distributor);
      expect(res.status).toBe(200);
      const page = res.body.data;
      expect(page.list).toHaveLength(10);
      expect(page.total).toBe(28);
      expect(page.counts.unresolved + page.counts.inProcess + page.counts.resolved).toBe(28);
      expect(Math.min(page.counts.unresolved, page.counts.inProcess, page.counts.resolved)).toBeGreaterThan(0);
      const times = page.list.map((r) => r.reportedAt);
      expect([...times].sort().reverse()).toEqual(times);
      const names = new Set(page.list.map((r) => r.organisationName));
      expect(names.has("Other Distributor")).toBe(false);
      const all = await t.post<Page>(LIST, { pageNum: 1, pageSize: 200 }, distributor);
      expect(new Set(all.body.data.list.map((r) => r.organisationName))).toEqual(
        new Set(["Demo Distributor", "Demo Sub-distributor"]),
      );
      expect(all.body.data.list.every((r) => r.organisationId !== null && r.reference.startsWith("RR"))).toBe(true);
    });

    it("shows a sub-distributor only its own reports", async () => {
      const res = await t.post<Page>(LIST, { pageNum: 1, pageSize: 200 }, sub);
      expect(res.body.data.total).toBe(8);
      expect(res.body.data.list.every((r) => r.organisationId === orgs.get("Demo Sub-distributor"))).toBe(true);
      // Asking for the parent's organisation does not widen the view.
      const widened = await t.post<Page>(
        LIST,
        { pageNum: 1, pageSize: 200, organisationId: orgs.get("Demo Distributor") },
        sub,
      );
      expect(widened.body.data.total).toBe(0);
    });

    it("filters by status, keyword, time range, distributor and project, and sorts on a whitelisted column", async () => {
      const unresolved = await t.post<Page>(LIST, { pageNum: 1, pageSize: 200, status: 0 }, distributor);
      expect(unresolved.body.data.list.length).toBeGreaterThan(0);
      expect(unresolved.body.data.list.every((r) => r.status === 0)).toBe(true);
      // The counts ignore the status filter so every tab keeps its number.
      expect(unresolved.body.data.counts.resolved).toBeGreaterThan(0);

      const sample = unresolved.body.data.list[0] as Item;
      const bySerial = await t.post<Page>(LIST, { keyword: sample.serialNumber.toLowerCase() }, distributor);
      expect(bySerial.body.data.list.map((r) => r.serialNumber)).toContain(sample.serialNumber);
      const byEmail = await t.post<Page>(LIST, { keyword: sample.email.toUpperCase() }, distributor);
      expect(byEmail.body.data.list.every((r) => r.email === sample.email)).toBe(true);
      const byReference = await t.post<Page>(LIST, { keyword: sample.reference }, distributor);
      expect(byReference.body.data.list.map((r) => r.id)).toEqual([sample.id]);
      const noMatch = await t.post<Page>(LIST, { keyword: "100%_nobody" }, distributor);
      expect(noMatch.body.data.total).toBe(0);

      const from = new Date(new Date(sample.reportedAt).getTime() - 1000).toISOString();
      const to = new Date(new Date(sample.reportedAt).getTime() + 1000).toISOString();
      const inRange = await t.post<Page>(LIST, { from, to }, distributor);
      expect(inRange.body.data.list.map((r) => r.id)).toContain(sample.id);
      expect(inRange.body.data.list.every((r) => r.reportedAt >= from && r.reportedAt < to)).toBe(true);

      const subOnly = await t.post<Page>(LIST, { organisationId: orgs.get("Demo Sub-distributor") }, distributor);
      expect(subOnly.body.data.total).toBe(8);

      const withProject = (await t.post<Page>(LIST, { pageSize: 200 }, distributor)).body.data.list.find(
        (r) => r.projectId !== null,
      ) as Item;
      const byProject = await t.post<Page>(LIST, { projectId: withProject.projectId, pageSize: 200 }, distributor);
      expect(byProject.body.data.list.every((r) => r.projectId === withProject.projectId)).toBe(true);
      expect(byProject.body.data.list.map((r) => r.id)).toContain(withProject.id);

      const byName = await t.post<Page>(LIST, { sort: "userName", order: "ascend", pageSize: 200 }, distributor);
      const names = byName.body.data.list.map((r) => r.userName);
      expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    });

    it("refuses bad input with 400: unknown sort column, bad status, inverted time range, page size over 200", async () => {
      for (const body of [
        { sort: "content; drop table repair_reports" },
        { status: 3 },
        { from: "2026-03-02T00:00:00Z", to: "2026-03-01T00:00:00Z" },
        { from: "yesterday" },
        { pageSize: 500 },
      ]) {
        const res = await t.post(LIST, body, distributor);
        expect(res.status, JSON.stringify(body)).toBe(400);
      }
    });

    it("needs a Distributor Cloud session: 401 without, 403 for a Hi-Checker session", async () => {
      expect((await t.post(LIST, {})).status).toBe(401);
      expect((await t.post(LIST, {}, checker)).status).toBe(403);
      expect((await t.get(DETAIL, { id: 1 })).status).toBe(401);
      expect((await t.get(DETAIL, { id: 1 }, checker)).status).toBe(403);
      expect((await t.post(HANDLE, { id: 1, note: "x" })).status).toBe(401);
      expect((await t.post(HANDLE, { id: 1, note: "x" }, checker)).status).toBe(403);
    });
  });

  describe("repair report export", () => {
    const download = (body: object, token?: string) =>
      t.app.inject({
        method: "POST",
        url: EXPORT,
        payload: body,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), "accept-language": "zh_CN,en" },
      });

    it("exports the filtered list as xlsx, in the caller's language and zone, without other tenants' rows", async () => {
      const res = await download({ status: 0, utcOffsetMinutes: 480 }, distributor);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toContain("spreadsheetml");
      expect(res.headers["content-disposition"]).toMatch(/repair-reports-\d{12}\.xlsx/);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
      expect(sheet.getRow(1).getCell(1).value).toBe("Reference");
      expect(String(sheet.getRow(1).getCell(3).value)).toBe("Report time (UTC+8)");
      const listed = await t.post<Page>(LIST, { status: 0, pageSize: 200 }, distributor);
      expect(sheet.rowCount - 1).toBe(listed.body.data.total);
      const statuses = new Set<unknown>();
      const distributors = new Set<unknown>();
      sheet.eachRow((row, n) => {
        if (n === 1) return;
        statuses.add(row.getCell(2).value);
        distributors.add(row.getCell(13).value);
      });
      expect(statuses).toEqual(new Set(["Unresolved"]));
      expect(distributors.has("Other Distributor")).toBe(false);
    });

    it("refuses bad filters (400), no session (401) and a Hi-Checker session (403)", async () => {
      expect(
        (await download({ from: "2026-03-02T00:00:00Z", to: "2026-03-01T00:00:00Z" }, distributor)).statusCode,
      ).toBe(400);
      expect((await download({ utcOffsetMinutes: 5000 }, distributor)).statusCode).toBe(400);
      expect((await download({})).statusCode).toBe(401);
      expect((await download({}, checker)).statusCode).toBe(403);
    });
  });

  describe("repair report detail and handling", () => {
    it("shows every field with the device and project it matched", async () => {
      const id = await newReport("Demo Distributor");
      const res = await t.get<Detail & { projectCode: string | null; deviceCode: string | null }>(
        DETAIL,
        { id },
        distributor,
      );
      expect(res.body.errorCode).toBe(0);
      expect(res.body.data).toMatchObject({
        id,
        userName: "Test User",
        email: "test.user@example.com",
        status: 0,
        deviceKind: "himit",
        organisationName: "Demo Distributor",
        timeline: [],
      });
      expect(res.body.data.deviceId).not.toBeNull();
      expect(res.body.data.projectCode).toMatch(/^P/);
    });

    it("answers 404 for another tenant's report, a missing one, and an unmatched one", async () => {
      const othersReport = await newReport("Other Distributor");
      expect((await t.get(DETAIL, { id: othersReport }, distributor)).status).toBe(404);
      expect((await t.get(DETAIL, { id: othersReport }, sub)).status).toBe(404);
      expect((await t.get(DETAIL, { id: 999_999 }, distributor)).status).toBe(404);
      const before = await notesOf(othersReport);
      const handled = await t.post(HANDLE, { id: othersReport, status: 1, note: "mine now" }, distributor);
      expect(handled.status).toBe(404);
      expect(handled.body).toMatchObject({ errorCode: 600909 });
      expect(await notesOf(othersReport)).toEqual(before);
      expect((await reportRow(othersReport)).status).toBe(0);

      const unmatched = await t.db
        .selectFrom("repair_reports")
        .where("organisation_id", "is", null)
        .select("id")
        .executeTakeFirstOrThrow();
      expect((await t.get(DETAIL, { id: unmatched.id }, distributor)).status).toBe(404);
      expect((await t.get(DETAIL, { id: unmatched.id }, other)).status).toBe(404);
    });

    it("lets the distributor handle its sub-distributor's report, but not the other way round", async () => {
      const subsReport = await newReport("Demo Sub-distributor");
      expect((await t.post(HANDLE, { id: subsReport, note: "Parent took a look" }, distributor)).status).toBe(200);
      const mine = await newReport("Demo Distributor");
      expect((await t.post(HANDLE, { id: mine, note: "not yours" }, sub)).status).toBe(404);
    });

    it("records a note and a status change as one timeline step, with who and when", async () => {
      const id = await newReport("Demo Distributor");
      const started = await t.post<Detail>(HANDLE, { id, note: "  Visit booked for Monday  ", status: 1 }, distributor);
      expect(started.body.errorCode).toBe(0);
      expect(started.body.data.status).toBe(1);
      expect(started.body.data.timeline).toEqual([
        expect.objectContaining({
          note: "Visit booked for Monday",
          fromStatus: 0,
          toStatus: 1,
          accountName: "Demo Distributor",
          accountEmail: "distributor@example.com",
          createdAt: t.clock.now().toISOString(),
        }),
      ]);

      t.clock.advance(3_600_000);
      const noteOnly = await t.post<Detail>(HANDLE, { id, note: "Part ordered" }, distributor);
      expect(noteOnly.body.data.timeline.at(-1)).toMatchObject({
        note: "Part ordered",
        fromStatus: null,
        toStatus: null,
      });
      expect(noteOnly.body.data.status).toBe(1);

      const resolved = await t.post<Detail>(HANDLE, { id, status: 2 }, distributor);
      expect(resolved.body.data.status).toBe(2);
      expect(resolved.body.data.timeline.at(-1)).toMatchObject({ note: "", fromStatus: 1, toStatus: 2 });

      const reopened = await t.post<Detail>(HANDLE, { id, status: 1, note: "Fault is back" }, distributor);
      expect(reopened.body.data.status).toBe(1);
      expect(reopened.body.data.timeline).toHaveLength(4);
      expect((await reportRow(id)).updated_at.toISOString()).toBe(t.clock.now().toISOString());
    });

    it("refuses illegal and no-op transitions with 409, writing nothing", async () => {
      const id = await newReport("Demo Distributor");
      const noop = await t.post(HANDLE, { id, status: 0, note: "still open" }, distributor);
      expect(noop.status).toBe(409);
      expect(noop.body).toMatchObject({ errorCode: 700023 });
      await t.post(HANDLE, { id, status: 1 }, distributor);
      const back = await t.post(HANDLE, { id, status: 0, note: "undo" }, distributor);
      expect(back.status).toBe(409);
      expect((await reportRow(id)).status).toBe(1);
      expect(await notesOf(id)).toHaveLength(1);
    });

    it("refuses a note over 2000 characters, an empty step and a bad status with 400, writing nothing", async () => {
      const id = await newReport("Demo Distributor");
      const before = await reportRow(id);
      for (const body of [
        { id, note: "x".repeat(2001), status: 1 },
        { id, note: "   " },
        { id },
        { id, status: 5 },
        { id: "abc", note: "x" },
      ]) {
        const res = await t.post(HANDLE, body, distributor);
        expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      }
      expect(await notesOf(id)).toHaveLength(0);
      expect(await reportRow(id)).toEqual(before);
      // Exactly 2000 characters is allowed.
      expect((await t.post(HANDLE, { id, note: "y".repeat(2000) }, distributor)).status).toBe(200);
    });
  });

  describe("repair report intake (public)", () => {
    const valid = {
      userName: "Anna Schmidt",
      country: "Deutschland",
      address: "Friedrichstraße 43, Berlin",
      email: "Anna.Schmidt@Example.de",
      phone: "+49 30 2345 6789",
      productModel: "HCCS-H64H2C1M",
      content: "Die Anlage kühlt nicht.",
    };

    it("matches a report to the device's organisation by serial number, in any letter case", async () => {
      const device = await t.db
        .selectFrom("devices")
        .where("organisation_id", "=", orgs.get("Demo Sub-distributor") as number)
        .select(["id", "serial_number"])
        .orderBy("id")
        .executeTakeFirstOrThrow();
      const res = await t.post<{ reference: string; reportedAt: string }>(INTAKE, {
        ...valid,
        serialNumber: device.serial_number.toLowerCase(),
      });
      expect(res.status).toBe(200);
      expect(Object.keys(res.body.data).sort()).toEqual(["reference", "reportedAt"]);
      expect(res.body.data.reference).toMatch(/^RR\d{6}$/);
      const row = await reportRow(Number(res.body.data.reference.slice(2)));
      expect(row).toMatchObject({
        organisation_id: orgs.get("Demo Sub-distributor"),
        device_id: device.id,
        serial_number: device.serial_number,
        email: "anna.schmidt@example.de",
        status: 0,
      });
      const seen = await t.post<Page>(LIST, { keyword: res.body.data.reference }, sub);
      expect(seen.body.data.list).toHaveLength(1);
    });

    it("takes the reporter's name as written (apostrophes, accents, any script)", async () => {
      for (const userName of ["Seán O'Brien", "张三", "José-María d'Ávila"]) {
        const res = await t.post<{ reference: string }>(INTAKE, { ...valid, userName, serialNumber: "NAME1" });
        expect(res.status, userName).toBe(200);
        expect((await reportRow(Number(res.body.data.reference.slice(2)))).user_name).toBe(userName);
      }
    });

    it("keeps an unknown serial number unmatched and shows it to nobody", async () => {
      const res = await t.post<{ reference: string }>(INTAKE, { ...valid, serialNumber: "NOPE12345" });
      expect(res.status).toBe(200);
      const id = Number(res.body.data.reference.slice(2));
      expect(await reportRow(id)).toMatchObject({ organisation_id: null, device_id: null, serial_number: "NOPE12345" });
      for (const token of [distributor, sub, other]) {
        expect((await t.post<Page>(LIST, { keyword: "NOPE12345" }, token)).body.data.total).toBe(0);
        expect((await t.get(DETAIL, { id }, token)).status).toBe(404);
      }
    });

    it("validates every field (400, nothing stored)", async () => {
      const count = () => t.count("repair_reports");
      const before = await count();
      for (const body of [
        { ...valid, serialNumber: "SN1", email: "not-an-email" },
        { ...valid, serialNumber: "SN1", phone: "12ab" },
        { ...valid, serialNumber: "SN1", content: "   " },
        { ...valid, serialNumber: "SN1", content: "x".repeat(2001) },
        { ...valid, serialNumber: "SN1", userName: "" },
        { ...valid, serialNumber: "SN1", userName: "x".repeat(101) },
        { ...valid, serialNumber: "SN1", userName: "<b>Anna</b>" },
        { ...valid, serialNumber: "序列号" },
        { ...valid, serialNumber: "" },
        { ...valid },
      ]) {
        expect((await t.post(INTAKE, body)).status, JSON.stringify(body).slice(0, 80)).toBe(400);
      }
      expect(await count()).toBe(before);
    });
  });
});

describe("repair report intake rate limit", () => {
  it("throttles one address with 429 after the strict limit", async () => {
    const limited = await createTestApp({
      limits: { global: { max: 1000, timeWindow: "1 minute" }, strict: { max: 2, timeWindow: "1 minute" } },
    });
    try {
      const body = { userName: "Flood", email: "flood@example.com", serialNumber: "FLOOD1", content: "spam" };
      expect((await limited.post(INTAKE, body)).status).toBe(200);
      expect((await limited.post(INTAKE, body)).status).toBe(200);
      const throttled = await limited.post(INTAKE, body);
      expect(throttled.status).toBe(429);
      expect(throttled.body).toMatchObject({ errorCode: 700029 });
    } finally {
      await limited.close();
    }
  });
});
