import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type Envelope, type TestApp } from "./helpers/test-app.ts";

/**
 * Input the contract refuses before any SQL runs: control characters (a NUL
 * used to reach PostgreSQL and come back as 600500) and strings longer than a
 * field's maximum. Both answer 400 with parameterError and the field list.
 */
let t: TestApp;
let distributor: string;
let distributorOrg: number;

const PARAMETER_ERROR = 100014;

interface FieldList {
  fields: { path: string; message: string }[];
}

/** A raw GET, so the query string reaches the server exactly as written (%00 included). */
const rawGet = async (url: string, token: string) => {
  const response = await t.app.inject({ method: "GET", url, headers: { authorization: `Bearer ${token}` } });
  return { status: response.statusCode, body: response.json() as Envelope<FieldList> };
};

const expectRefused = (res: { status: number; body: Envelope<unknown> }, field: string, message: string) => {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body).toMatchObject({ errorCode: PARAMETER_ERROR, code: 400, msg: "parameterError" });
  expect((res.body.data as FieldList).fields).toContainEqual({ path: field, message });
};

const countOf = async (table: "projects" | "login_logs" | "repair_reports") =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

const serialOfOwnDevice = async () =>
  (
    await t.db
      .selectFrom("devices")
      .where("organisation_id", "=", distributorOrg)
      .select("serial_number")
      .orderBy("id")
      .executeTakeFirstOrThrow()
  ).serial_number;

beforeAll(async () => {
  t = await createTestApp();
  distributor = await t.moduleToken("distributor@example.com", 2);
  const org = await t.db
    .selectFrom("organisations")
    .where("name", "=", "Demo Distributor")
    .select("id")
    .executeTakeFirstOrThrow();
  distributorOrg = Number(org.id);
});
afterAll(() => t.close());

describe("control characters", () => {
  it("refuses a NUL in a query filter with 400, not a database error", async () => {
    expectRefused(
      await rawGet("/hmt-web/distributor/project/options?keyword=a%00b", distributor),
      "keyword",
      "controlCharacters",
    );
    for (const url of [
      "/hmt-web/distributor/devices/list?kind=himit&keyword=a%00b",
      "/hmt-web/distributor/devices/outdoor/list?deviceSerial=SN%00",
      "/hmt-web/distributor/faults/device-options?keyword=%00",
      "/hmt-web/distributor/faults/codes?keyword=E%00",
      "/hmt-web/distributor/project/detail?code=P%00",
    ]) {
      const res = await rawGet(url, distributor);
      expect(res.status, url).toBe(400);
      expect(res.body.errorCode, url).toBe(PARAMETER_ERROR);
      expect(
        res.body.data.fields.map((f) => f.message),
        url,
      ).toContain("controlCharacters");
    }
  });

  it("refuses a NUL in a query filter of a file export", async () => {
    const res = await rawGet("/hmt-web/distributor/devices/export?kind=himit&keyword=a%00b", distributor);
    expectRefused(res, "keyword", "controlCharacters");
  });

  it("refuses a NUL in a body field and stores nothing", async () => {
    const projects = await countOf("projects");
    const project = {
      name: "Tower\u0000A",
      contactPerson: "Li Wei",
      contactPhone: "+86 532 8888 1234",
      countryCode: "CN",
      cityCode: "CN-QD",
      address: "Hong Kong Middle Road 9",
      latitude: null,
      longitude: null,
    };
    expectRefused(await t.post("/hmt-web/distributor/project/add", project, distributor), "name", "controlCharacters");
    expect(await countOf("projects")).toBe(projects);

    const reports = await countOf("repair_reports");
    const intake = {
      userName: "Test User",
      email: "test.user@example.com",
      serialNumber: await serialOfOwnDevice(),
      content: "Not cooling\u0000",
    };
    expectRefused(await t.post("/hmt-web/distributor/repair_report/intake", intake), "content", "controlCharacters");
    // Other C0 controls and DEL are refused on a line as well; tab and line breaks only in multi-line text.
    for (const userName of ["Test\u0007User", "Test\u007fUser", "Test\tUser"]) {
      expectRefused(
        await t.post("/hmt-web/distributor/repair_report/intake", { ...intake, content: "Leaking", userName }),
        "userName",
        "controlCharacters",
      );
    }
    expect(await countOf("repair_reports")).toBe(reports);
  });

  it("refuses a NUL in the rows of an import commit", async () => {
    const res = await t.post(
      "/hmt-web/distributor/device-import/commit",
      { rows: [{ row: 2, kind: "himit", deviceCode: "HI\u0000X", serialNumber: "SNNUL1", projectCode: "P20260001" }] },
      distributor,
    );
    expectRefused(res, "rows.0.deviceCode", "controlCharacters");
  });

  it("flags control characters in uploaded cells as a bad format instead of looking them up", async () => {
    const header =
      "Device kind *,Device ID *,Serial number *,Project ID *,Model,Firmware,Alias,Install date,Checker type";
    // The reader refuses control bytes only at the start of a csv (where they mean a binary file); past
    // that a NUL reaches the cells. Filler rows (too long, so errors themselves) push it there.
    const filler = Array.from({ length: 120 }, () => `himit,${"F".repeat(300)},${"F".repeat(300)},P20260005`);
    const csv = [
      header,
      ...filler,
      "himit,HI\u0000NUL,SN\u0000NUL,P2026\u00000005",
      'himit,HIBREAK01,SNBREAK01,P20260005,,,"Floor 1\nRoom 2"',
    ].join("\n");
    const boundary = "----vrf-bad-input";
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="devices.csv"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      Buffer.from(csv),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const response = await t.app.inject({
      method: "POST",
      url: "/hmt-web/distributor/device-import/dry_run",
      payload: body,
      headers: { "content-type": `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${distributor}` },
    });
    const result = response.json() as Envelope<{
      rows: { row: number; status: string; reasons: { code: string; column?: string }[] }[];
    }>;
    expect(response.statusCode, JSON.stringify(result).slice(0, 500)).toBe(200);
    const nul = result.data.rows.find((r) => r.row === filler.length + 2);
    expect(nul?.status).toBe("error");
    expect(nul?.reasons).toEqual(
      expect.arrayContaining([
        { code: "badFormat", column: "deviceCode" },
        { code: "badFormat", column: "serialNumber" },
        { code: "badFormat", column: "projectCode" },
      ]),
    );
    const lineBreak = result.data.rows.find((r) => r.row === filler.length + 3);
    expect(lineBreak?.reasons).toEqual([{ code: "badFormat", column: "alias" }]);
  });

  it("still accepts multi-line text with tabs and line breaks where text is multi-line", async () => {
    const content = "Not cooling.\nLast service: 2025-11-02\r\n\tOutdoor unit makes noise";
    const intake = await t.post<{ reference: string }>("/hmt-web/distributor/repair_report/intake", {
      userName: "Test User",
      email: "test.user@example.com",
      address: "Friedrichstraße 43\n10117 Berlin",
      serialNumber: await serialOfOwnDevice(),
      content,
    });
    expect(intake.body.errorCode, JSON.stringify(intake.body)).toBe(0);
    const id = Number(intake.body.data.reference.slice(2));
    const stored = await t.db
      .selectFrom("repair_reports")
      .where("id", "=", id)
      .select(["content", "address"])
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({
      content: "Not cooling.\nLast service: 2025-11-02\r\n\tOutdoor unit makes noise",
      address: "Friedrichstraße 43\n10117 Berlin",
    });

    const note = "Called the customer.\nVisit on Monday:\n\t- check the refrigerant";
    const handled = await t.post("/hmt-web/distributor/repair_report/handle", { id, note, status: 1 }, distributor);
    expect(handled.body.errorCode, JSON.stringify(handled.body)).toBe(0);
    const notes = await t.db.selectFrom("repair_report_notes").where("report_id", "=", id).select("note").execute();
    expect(notes.map((n) => n.note)).toContain(note);

    expectRefused(
      await t.post("/hmt-web/distributor/repair_report/handle", { id, note: "Done\u0000" }, distributor),
      "note",
      "controlCharacters",
    );
  });
});

describe("length limits", () => {
  it("refuses a 1,000,000-character logout notice type and records nothing", async () => {
    const before = await countOf("login_logs");
    const res = await t.post(
      "/hmt-web/himit-web-svc/svc/hi_dom/logout",
      { noticeType: "x".repeat(1_000_000) },
      distributor,
    );
    expectRefused(res, "noticeType", "tooLong");
    expect(await countOf("login_logs")).toBe(before);
    // A normal notice is still recorded.
    expect(
      (await t.post("/hmt-web/himit-web-svc/svc/hi_dom/logout", { noticeType: "UserLogout" }, distributor)).status,
    ).toBe(200);
    expect(await countOf("login_logs")).toBe(before + 1);
  });

  it("refuses a long string in a query filter and in a list body", async () => {
    expectRefused(
      await rawGet(`/hmt-web/distributor/project/options?keyword=${"x".repeat(101)}`, distributor),
      "keyword",
      "tooLong",
    );
    expectRefused(
      await rawGet(`/hmt-web/distributor/devices/list?kind=himit&keyword=${"x".repeat(5000)}`, distributor),
      "keyword",
      "tooLong",
    );
    expectRefused(
      await t.post("/hmt-web/distributor/repair_report/list", { keyword: "x".repeat(101) }, distributor),
      "keyword",
      "tooLong",
    );
    // A time filter with a fraction of a million digits is no time.
    const from = `2026-01-01T00:00:00.${"1".repeat(100)}Z`;
    const res = await t.post("/hmt-web/distributor/repair_report/list", { from }, distributor);
    expect(res.status).toBe(400);
  });

  it("still answers a body over the 1 MiB limit with the 413 envelope", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/hmt-web/himit-web-svc/svc/hi_dom/logout",
      headers: { "content-type": "application/json", authorization: `Bearer ${distributor}` },
      payload: JSON.stringify({ noticeType: "x".repeat(1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ errorCode: 700013, code: 413, msg: "payloadTooLarge" });
  });
});
