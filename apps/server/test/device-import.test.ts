import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type Envelope, type TestApp } from "./helpers/test-app.ts";

const TEMPLATE = "/hmt-web/distributor/device-import/template";
const DRY_RUN = "/hmt-web/distributor/device-import/dry_run";
const COMMIT = "/hmt-web/distributor/device-import/commit";

const EN_HEADER = [
  "Device kind *",
  "Device ID *",
  "Serial number *",
  "Project ID *",
  "Model",
  "Firmware",
  "Alias",
  "Install date",
  "Checker type",
];

interface CheckedRow {
  row: number;
  kind: string;
  deviceCode: string;
  serialNumber: string;
  projectCode: string;
  installDate: string;
  checkerType: string;
  status: "ok" | "registered" | "error";
  reasons: { code: string; column?: string; firstRow?: number }[];
  projectName: string | null;
}
interface DryRun {
  fileName: string;
  exampleRowsIgnored: number;
  summary: { total: number; ok: number; registered: number; error: number };
  rows: CheckedRow[];
}
interface CommitResult {
  imported: number;
  skipped: number;
  failed: { row: number; reasons: { code: string }[] }[];
  credentials: { username: string; password: string; issuedAt: string }[];
}

let t: TestApp;
let distributor: string;
let subDistributor: string;
let other: string;
let checker: string;
let organisations: Map<string, number>;
let registered: { kind: string; device_code: string; serial_number: string };

beforeAll(async () => {
  t = await createTestApp();
  distributor = await t.moduleToken("distributor@example.com", 2);
  subDistributor = await t.moduleToken("subdistributor@example.com", 2);
  other = await t.moduleToken("other@example.com", 2);
  checker = await t.moduleToken("checker@example.com", 5);
  const orgs = await t.db.selectFrom("organisations").select(["id", "name"]).execute();
  organisations = new Map(orgs.map((o) => [o.name, o.id]));
  registered = await t.db
    .selectFrom("devices")
    .where("organisation_id", "=", organisations.get("Other Distributor") as number)
    .where("kind", "=", "himit")
    .select(["kind", "device_code", "serial_number"])
    .orderBy("id")
    .executeTakeFirstOrThrow();
}, 60_000);
afterAll(() => t.close());

const deviceCount = async () =>
  Number(
    (
      await t.db
        .selectFrom("devices")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

const xlsx = async (rows: (string | Date)[][], header = EN_HEADER): Promise<Buffer> => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Devices");
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
};

/** A multipart/form-data body with common data fields and one file, as the web's upload helper sends it. */
const multipart = (fileName: string, content: Buffer, field = "file") => {
  const boundary = "----vrf-test-boundary";
  const parts = [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="version"\r\n\r\n2.0\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ];
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
};

const upload = async (fileName: string, content: Buffer, token?: string, field?: string) => {
  const { body, contentType } = multipart(fileName, content, field);
  const response = await t.app.inject({
    method: "POST",
    url: DRY_RUN,
    payload: body,
    headers: { "content-type": contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  return { status: response.statusCode, body: response.json() as Envelope<DryRun> };
};

const dryRun = async (fileName: string, content: Buffer, token = distributor) => {
  const res = await upload(fileName, content, token);
  expect(res.body.errorCode, JSON.stringify(res.body)).toBe(0);
  return res.body.data;
};

const commit = async (rows: CheckedRow[], token = distributor) => {
  const payload = rows.map(({ status: _s, reasons: _r, projectName: _p, ...row }) => row);
  return t.post<CommitResult>(COMMIT, { rows: payload }, token);
};

const reasonsOf = (result: DryRun, row: number) => result.rows.find((r) => r.row === row)?.reasons.map((r) => r.code);

describe("import template", () => {
  it("is an xlsx with the header in the caller's language, an example row and an instructions sheet", async () => {
    for (const [language, header, instructions] of [
      ["zh_CN,en", "Device kind *", "Instructions"],
      ["zh_CN,zh", "设备类型 *", "填写说明"],
    ] as const) {
      const response = await t.app.inject({
        method: "GET",
        url: TEMPLATE,
        headers: { authorization: `Bearer ${distributor}`, "accept-language": language },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toContain("spreadsheetml");
      expect(response.headers["content-disposition"]).toContain("attachment");
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      const [devices, help, projects] = workbook.worksheets;
      expect(devices?.getRow(1).getCell(1).value).toBe(header);
      expect(devices?.getRow(1).cellCount).toBe(9);
      expect(devices?.getRow(2).getCell(1).value).toBe("Hi-Mit");
      expect(help?.name).toBe(instructions);
      expect(help?.rowCount).toBeGreaterThan(10);
      expect(projects?.rowCount).toBe(1 + 36 + 10);
    }
  });

  it("lists only the caller's projects to copy project IDs from", async () => {
    const codesFor = async (token: string) => {
      const response = await t.app.inject({
        method: "GET",
        url: TEMPLATE,
        headers: { authorization: `Bearer ${token}` },
      });
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      const codes: string[] = [];
      workbook.worksheets[2]?.eachRow((row, n) => {
        if (n > 1) codes.push(String(row.getCell(1).value));
      });
      return codes;
    };
    const forDistributor = await codesFor(distributor);
    expect(forDistributor).toContain("P20260001");
    expect(forDistributor).toContain("S20260001");
    expect(forDistributor.some((c) => c.startsWith("O"))).toBe(false);
    const forSub = await codesFor(subDistributor);
    expect(forSub).toHaveLength(10);
    expect(forSub.every((c) => c.startsWith("S"))).toBe(true);
  });

  it("needs a Distributor Cloud session", async () => {
    expect((await t.get(TEMPLATE, {})).status).toBe(401);
    const forbidden = await t.get(TEMPLATE, {}, checker);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.errorCode).toBe(700003);
  });

  it("reads back as a valid upload with no data rows (the example row is ignored)", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: TEMPLATE,
      headers: { authorization: `Bearer ${distributor}` },
    });
    const res = await upload("template.xlsx", response.rawPayload, distributor);
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe(700028);
  });
});

describe("dry run", () => {
  it("gives every bad row its reasons and writes nothing", async () => {
    const before = await deviceCount();
    const file = await xlsx([
      ["Hi-Mit", "HI0A1B2C3D4E", "HI2026000001", "P2026-000123", "", "", "", "", ""],
      ["Hi-Mit", "HIDRY0000001", "SNDRY0001", "P20260001", "HCCS-H64H2C1M", "2.4.0", "Lobby", "2026-02-01", ""],
      [
        "Hi-Checker",
        "HC-DRY000002",
        "SNDRY0002",
        "S20260001",
        "HC-LOG-T1",
        "",
        "",
        new Date("2026-01-15"),
        "Temporary",
      ],
      ["SmartTouch", "STDRY0000003", "", "P20260001", "", "", "", "", ""],
      ["Hi-Dom", "HD DRY 4", "SNDRY0004", "P20260001", "", "", "", "", ""],
      ["Hi-Mit", "HIDRY0000005", "SNDRY0001", "P20260001", "", "", "", "", ""],
      ["Hi-Mit", "HIDRY0000006", registered.serial_number, "O20260001", "", "", "", "", ""],
      ["Hi-Mit", registered.device_code, "SNDRY0007", "P20260001", "", "", "", "", ""],
      ["Hi-Mit", "HIDRY0000008", "SNDRY0008", "O20260001", "", "", "", "", ""],
      ["Hi-Mit", "HIDRY0000009", "SNDRY0009", "P20260001", "", "", "", "2026-02-30", ""],
      ["Hi-Mit", "HIDRY0000010", "SNDRY0010", "P20260001", "", "", "", "2026-03-05", ""],
      ["Hi-Fi", "HIDRY0000011", "SNDRY0011", "P20260001", "", "", "", "", ""],
      ["Hi-Checker", "HC-DRY000012", "SNDRY0012", "P20260001", "", "", "", "", ""],
      ["Hi-Mit", "HIDRY0000013", "SNDRY0013", "P20260001", "", "", "", "", "Stationary"],
      ["himit", "HIDRY0000002", "SNDRY0014", "P20260001", "", "", "", "", ""],
      ["Hi-Mit", "HIDRY0000002", "SNDRY0015", "P20260001", "", "", "", "", ""],
    ]);
    const result = await dryRun("devices.xlsx", file);
    expect(result.fileName).toBe("devices.xlsx");
    expect(result.exampleRowsIgnored).toBe(1);
    expect(result.summary).toEqual({ total: 15, ok: 3, registered: 1, error: 11 });
    expect(result.rows.find((r) => r.row === 3)).toMatchObject({
      status: "ok",
      kind: "himit",
      installDate: "2026-02-01",
      projectName: expect.any(String),
    });
    expect(result.rows.find((r) => r.row === 4)).toMatchObject({
      status: "ok",
      kind: "checker",
      checkerType: "temporary",
      installDate: "2026-01-15",
    });
    expect(reasonsOf(result, 5)).toEqual(["required"]);
    expect(reasonsOf(result, 6)).toEqual(["badFormat"]);
    expect(result.rows.find((r) => r.row === 7)?.reasons).toEqual([
      { code: "duplicateSerialInFile", column: "serialNumber", firstRow: 3 },
    ]);
    expect(result.rows.find((r) => r.row === 8)).toMatchObject({
      status: "registered",
      reasons: [{ code: "serialRegistered" }],
    });
    expect(reasonsOf(result, 9)).toEqual(["deviceIdRegistered"]);
    expect(reasonsOf(result, 10)).toEqual(["unknownProject"]);
    expect(reasonsOf(result, 11)).toEqual(["badDate"]);
    expect(reasonsOf(result, 12)).toEqual(["futureDate"]);
    expect(reasonsOf(result, 13)).toEqual(["unknownKind"]);
    expect(reasonsOf(result, 14)).toEqual(["checkerTypeRequired"]);
    expect(reasonsOf(result, 15)).toEqual(["checkerTypeNotApplicable"]);
    expect(result.rows.find((r) => r.row === 16)?.status).toBe("ok");
    expect(result.rows.find((r) => r.row === 17)?.reasons).toEqual([
      { code: "duplicateDeviceIdInFile", column: "deviceCode", firstRow: 16 },
    ]);
    expect(await deviceCount()).toBe(before);
  });

  it("reads csv with Chinese headers, a BOM and semicolons", async () => {
    const csv = [
      "设备类型;设备ID;序列号;项目ID;型号;固件版本;别名;安装日期;检测仪类型",
      "Hi-Dom;HDCSV0000001;SNCSV0001;P20260002;HCPC-H2M1C;1.9.0;大堂;2026/2/3;",
      "Hi-Checker;HC-CSV000002;SNCSV0002;P20260002;;;;;固定",
      "",
      'SmartTouch;STCSV0000003;"SNCSV 3";P20260002;;;;;',
    ].join("\r\n");
    const result = await dryRun("设备.csv", Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csv)]));
    expect(result.summary).toEqual({ total: 3, ok: 2, registered: 0, error: 1 });
    expect(result.rows[0]).toMatchObject({ row: 2, kind: "hidom", installDate: "2026-02-03", status: "ok" });
    expect(result.rows[1]).toMatchObject({ row: 3, checkerType: "stationary", status: "ok" });
    expect(result.rows[2]).toMatchObject({
      row: 5,
      status: "error",
      reasons: [{ code: "badFormat", column: "serialNumber" }],
    });
  });

  it("reads a csv that Chinese Excel saved in GB 18030", async () => {
    const lobby = Buffer.from([0xb4, 0xf3, 0xcc, 0xc3]); // 大堂
    const csv = Buffer.concat([
      Buffer.from("Device kind,Device ID,Serial number,Project ID,Alias\r\nHi-Mit,HIGBK0000001,SNGBK0001,P20260001,"),
      lobby,
      Buffer.from("\r\n"),
    ]);
    const result = await dryRun("gbk.csv", csv);
    expect(result.rows[0]).toMatchObject({ alias: "大堂", status: "ok" });
  });

  it("treats another tenant's project as unknown, and a sub-distributor sees only its own projects", async () => {
    const file = await xlsx([
      ["Hi-Mit", "HISCOPE00001", "SNSCOPE01", "S20260003", "", "", "", "", ""],
      ["Hi-Mit", "HISCOPE00002", "SNSCOPE02", "P20260003", "", "", "", "", ""],
      ["Hi-Mit", "HISCOPE00003", "SNSCOPE03", "O20260003", "", "", "", "", ""],
    ]);
    const asDistributor = await dryRun("scope.xlsx", file);
    expect(asDistributor.rows.map((r) => r.status)).toEqual(["ok", "ok", "error"]);
    const asSub = await dryRun("scope.xlsx", file, subDistributor);
    expect(asSub.rows.map((r) => r.status)).toEqual(["ok", "error", "error"]);
    expect(reasonsOf(asSub, 3)).toEqual(["unknownProject"]);
    const asOther = await dryRun("scope.xlsx", file, other);
    expect(asOther.rows.map((r) => r.reasons[0]?.code)).toEqual(["unknownProject", "unknownProject", undefined]);
  });

  it("refuses files that are not a device spreadsheet, and writes nothing", async () => {
    const before = await deviceCount();
    const good = await xlsx([["Hi-Mit", "HIBAD0000001", "SNBAD0001", "P20260001", "", "", "", "", ""]]);
    const cases: [string, Buffer, number, number][] = [
      ["devices.pdf", Buffer.from("%PDF-1.7\n"), 400, 600908],
      ["devices.xlsx", Buffer.from("kind,device\nHi-Mit,1\n"), 400, 600908],
      ["devices.csv", good, 400, 600908],
      ["devices.csv", Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00]), 400, 600908],
      ["broken.xlsx", Buffer.concat([good.subarray(0, 4), Buffer.alloc(2000, 7)]), 400, 600908],
      ["truncated.xlsx", good.subarray(0, Math.floor(good.length / 2)), 400, 600908],
      ["empty.csv", Buffer.alloc(0), 400, 700028],
      ["header-only.csv", Buffer.from(`${EN_HEADER.join(",")}\n\n`), 400, 700028],
      ["blank.xlsx", await xlsx([], []), 400, 700028],
      ["other.csv", Buffer.from("name,price\nApple,3\n"), 400, 700600],
      ["partial.csv", Buffer.from("Device kind,Device ID,Model\nHi-Mit,HI1,X\n"), 400, 700600],
      ["huge.csv", Buffer.alloc(10 * 1024 * 1024 + 10, 0x41), 413, 700013],
    ];
    for (const [name, content, status, errorCode] of cases) {
      const res = await upload(name, content, distributor);
      expect([name, res.status, res.body.errorCode]).toEqual([name, status, errorCode]);
    }
    const missingFile = await upload("devices.xlsx", good, distributor, "attachment");
    expect(missingFile.status).toBe(400);
    const notMultipart = await t.post(DRY_RUN, { file: "devices.xlsx" }, distributor);
    expect([notMultipart.status, notMultipart.body.errorCode]).toEqual([400, 600908]);
    expect(await deviceCount()).toBe(before);
  });

  it("caps the number of rows", async () => {
    const lines = Array.from({ length: 20_001 }, (_, i) => `Hi-Mit,HICAP${i},SNCAP${i},P20260001`);
    const res = await upload(
      "many.csv",
      Buffer.from(`Device kind,Device ID,Serial number,Project ID\n${lines.join("\n")}`),
      distributor,
    );
    expect([res.status, res.body.errorCode]).toEqual([400, 700601]);
    const huge = Buffer.from(`Device kind,Device ID,Serial number,Project ID\n${"Hi-Mit,A,B,C\n".repeat(50_000)}`);
    expect((await upload("huge.csv", huge, distributor)).body.errorCode).toBe(700601);
    const sheet = await xlsx(
      Array.from({ length: 20_001 }, (_, i) => ["Hi-Mit", `HICAP${i}`, `SNCAP${i}`, "P20260001"]),
    );
    const fromXlsx = await upload("many.xlsx", sheet, distributor);
    expect([fromXlsx.status, fromXlsx.body.errorCode]).toEqual([400, 700601]);
  }, 60_000);

  it("needs a Distributor Cloud session", async () => {
    const file = await xlsx([["Hi-Mit", "HIAUTH000001", "SNAUTH01", "P20260001", "", "", "", "", ""]]);
    expect((await upload("a.xlsx", file)).status).toBe(401);
    const forbidden = await upload("a.xlsx", file, checker);
    expect([forbidden.status, forbidden.body.errorCode]).toEqual([403, 700003]);
  });
});

describe("commit", () => {
  it("imports the good rows into their projects' organisations, and running the file again adds nothing", async () => {
    const file = await xlsx([
      ["Hi-Mit", "HICOMMIT0001", "SNCOMMIT01", "P20260004", "HCCS-H64H2C1M", "2.4.0", "Plant room", "2026-02-10", ""],
      ["Hi-Checker", "HC-COMMIT002", "SNCOMMIT02", "S20260004", "", "", "", "", "Stationary"],
      ["Hi-Mit", "HICOMMIT0003", "SNCOMMIT03", "O20260004", "", "", "", "", ""],
    ]);
    const first = await dryRun("commit.xlsx", file);
    const good = first.rows.filter((r) => r.status === "ok");
    expect(good).toHaveLength(2);
    const before = await deviceCount();
    const res = await commit(good);
    expect(res.body.data).toMatchObject({ imported: 2, skipped: 0, failed: [] });
    // Each imported device's MQTT credentials, once; only a hash of the password is stored.
    const credentials = res.body.data.credentials;
    expect(credentials.map((c) => c.username).sort()).toEqual(["SNCOMMIT01", "SNCOMMIT02"]);
    const stored = await t.db
      .selectFrom("device_credentials as c")
      .innerJoin("devices as d", "d.id", "c.device_id")
      .where("d.serial_number", "in", ["SNCOMMIT01", "SNCOMMIT02"])
      .select(["c.secret_hash"])
      .execute();
    expect(stored).toHaveLength(2);
    for (const c of credentials) {
      expect(c.password.length).toBeGreaterThanOrEqual(40);
      expect(stored.map((s) => s.secret_hash)).not.toContain(c.password);
    }
    expect(await deviceCount()).toBe(before + 2);

    const rows = await t.db
      .selectFrom("devices as d")
      .innerJoin("projects as p", "p.id", "d.project_id")
      .where("d.serial_number", "in", ["SNCOMMIT01", "SNCOMMIT02"])
      .select([
        "d.organisation_id",
        "d.kind",
        "d.device_code",
        "d.alias",
        "d.install_date",
        "d.checker_type",
        "d.storage_capacity_mb",
        "d.status",
        "p.code",
      ])
      .orderBy("d.serial_number")
      .execute();
    const own = organisations.get("Demo Distributor");
    expect(rows).toMatchObject([
      { organisation_id: own, kind: "himit", device_code: "HICOMMIT0001", alias: "Plant room", code: "P20260004" },
      {
        organisation_id: organisations.get("Demo Sub-distributor"),
        kind: "checker",
        checker_type: "stationary",
        storage_capacity_mb: 4096,
        code: "S20260004",
      },
    ]);
    expect(String(rows[0]?.install_date)).toMatch(/2026-02-10|Feb 10 2026/);

    const again = await dryRun("commit.xlsx", file);
    expect(again.summary).toEqual({ total: 3, ok: 0, registered: 2, error: 1 });
    expect((await commit(good)).body.data).toEqual({ imported: 0, skipped: 2, failed: [], credentials: [] });
    expect(await deviceCount()).toBe(before + 2);
  });

  it("does to each row what the check said: good rows imported, registered skipped, problems failed alike", async () => {
    const file = await xlsx([
      ["Hi-Mit", "HIAGREE00001", "SNAGREE01", "P20260001", "", "", "", "", ""],
      ["Hi-Mit", "HIAGREE00002", registered.serial_number, "P20260001", "", "", "", "", ""],
      ["Hi-Mit", "HIAGREE00003", "SNAGREE01", "P20260001", "", "", "", "", ""],
      ["Hi-Mit", "HI AGREE 4", "SNAGREE04", "P20260001", "", "", "", "", ""],
      ["Hi-Dom", "HDAGREE00005", "SNAGREE05", "P20260001", "", "", "", "", ""],
    ]);
    const checked = await dryRun("agree.xlsx", file);
    expect(checked.summary).toEqual({ total: 5, ok: 2, registered: 1, error: 2 });

    const before = await deviceCount();
    const res = await commit(checked.rows);
    expect(res.status).toBe(200);
    expect(res.body.data.imported).toBe(checked.summary.ok);
    expect(res.body.data.skipped).toBe(checked.summary.registered);
    expect(res.body.data.failed).toEqual(
      checked.rows.filter((r) => r.status === "error").map((r) => ({ row: r.row, reasons: r.reasons })),
    );
    expect(res.body.data.failed.map((f) => f.reasons[0]?.code)).toEqual(["duplicateSerialInFile", "badFormat"]);
    expect(await deviceCount()).toBe(before + 2);
  });

  it("checks each chunk again and reports rows that went bad since the dry run", async () => {
    const rows = [
      { row: 2, kind: "himit", deviceCode: "HIRECHECK001", serialNumber: "SNRECHECK1", projectCode: "P20260005" },
      { row: 3, kind: "himit", deviceCode: "HIRECHECK002", serialNumber: "SNRECHECK2", projectCode: "O20260005" },
      { row: 4, kind: "teapot", deviceCode: "HIRECHECK003", serialNumber: "SNRECHECK3", projectCode: "P20260005" },
    ];
    const res = await t.post<CommitResult>(COMMIT, { rows }, distributor);
    expect(res.body.data).toMatchObject({
      imported: 1,
      skipped: 0,
      failed: [
        { row: 3, reasons: [{ code: "unknownProject", column: "projectCode" }] },
        { row: 4, reasons: [{ code: "unknownKind", column: "kind" }] },
      ],
    });
    expect(res.body.data.credentials).toHaveLength(1);
  });

  it("refuses bad input (400) without writing, and needs a Distributor Cloud session", async () => {
    const before = await deviceCount();
    const row = {
      row: 2,
      kind: "himit",
      deviceCode: "HIINPUT00001",
      serialNumber: "SNINPUT01",
      projectCode: "P20260001",
    };
    expect((await t.post(COMMIT, { rows: [] }, distributor)).status).toBe(400);
    const tooMany = Array.from({ length: 501 }, (_, i) => ({ ...row, row: i + 2, serialNumber: `SNINPUT${i}` }));
    expect((await t.post(COMMIT, { rows: tooMany }, distributor)).status).toBe(400);
    expect((await t.post(COMMIT, { rows: [{ ...row, row: 0 }] }, distributor)).status).toBe(400);
    expect((await t.post(COMMIT, { rows: [{ ...row, alias: "x".repeat(300) }] }, distributor)).status).toBe(400);
    expect((await t.post(COMMIT, { rows: [row] })).status).toBe(401);
    expect((await t.post(COMMIT, { rows: [row] }, checker)).status).toBe(403);
    expect(await deviceCount()).toBe(before);
  });

  it("treats a serial number in another letter case as the same serial", async () => {
    const registered = await t.db.selectFrom("devices").select("serial_number").orderBy("id").executeTakeFirstOrThrow();
    const file = await xlsx([
      ["Hi-Mit", "HICASE000001", registered.serial_number.toLowerCase(), "P20260001", "", "", "", "", ""],
      ["Hi-Mit", "HICASE000002", "SNCASE0001", "P20260001", "", "", "", "", ""],
      ["Hi-Mit", "HICASE000003", "sncase0001", "P20260001", "", "", "", "", ""],
    ]);
    const result = await dryRun("case.xlsx", file);
    expect(result.rows.find((r) => r.row === 2)).toMatchObject({ status: "registered" });
    expect(result.rows.find((r) => r.row === 4)?.reasons).toEqual([
      { code: "duplicateSerialInFile", column: "serialNumber", firstRow: 3 },
    ]);
  });

  it("writes a sub-distributor's devices into its own organisation", async () => {
    const file = await xlsx([["SmartTouch", "STSUB0000001", "SNSUB0001", "S20260006", "", "", "", "", ""]]);
    const result = await dryRun("sub.xlsx", file, subDistributor);
    expect((await commit(result.rows, subDistributor)).body.data).toMatchObject({ imported: 1 });
    const device = await t.db
      .selectFrom("devices")
      .where("serial_number", "=", "SNSUB0001")
      .select("organisation_id")
      .executeTakeFirstOrThrow();
    expect(device.organisation_id).toBe(organisations.get("Demo Sub-distributor"));
  });
});

describe("a 10,000-row file", () => {
  it("is checked and imported in chunks", async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => [
      i % 4 === 3 ? "Hi-Checker" : "Hi-Mit",
      `BULK${String(i).padStart(8, "0")}`,
      `SNBULK${String(i).padStart(8, "0")}`,
      `P2026${String((i % 36) + 1).padStart(4, "0")}`,
      "HCCS-H64H2C1M",
      "2.4.0",
      "",
      "2026-01-20",
      i % 4 === 3 ? "Temporary" : "",
    ]);
    const file = await xlsx(rows);
    const before = await deviceCount();
    const started = performance.now();
    const result = await dryRun("bulk.xlsx", file);
    const checkedAt = performance.now();
    expect(result.summary).toEqual({ total: 10_000, ok: 10_000, registered: 0, error: 0 });
    let imported = 0;
    for (let i = 0; i < result.rows.length; i += 500) {
      const res = await commit(result.rows.slice(i, i + 500));
      expect(res.body.errorCode).toBe(0);
      imported += res.body.data.imported;
    }
    expect(imported).toBe(10_000);
    expect(await deviceCount()).toBe(before + 10_000);
    console.info(
      `10,000 rows: dry run ${Math.round(checkedAt - started)} ms, commit ${Math.round(performance.now() - checkedAt)} ms`,
    );
  }, 120_000);
});

describe("upload rate", () => {
  it("limits how often one address may have a file checked", async () => {
    const limited = await createTestApp({
      limits: { global: { max: 10_000, timeWindow: "1 minute" }, strict: { max: 2, timeWindow: "1 minute" } },
    });
    try {
      const token = await limited.moduleToken("distributor@example.com", 2);
      const { body, contentType } = multipart("a.csv", Buffer.from("Device kind,Device ID,Serial number,Project ID\n"));
      const send = () =>
        limited.app.inject({
          method: "POST",
          url: DRY_RUN,
          payload: body,
          headers: { "content-type": contentType, authorization: `Bearer ${token}` },
        });
      expect((await send()).statusCode).toBe(400);
      expect((await send()).statusCode).toBe(400);
      const third = await send();
      expect([third.statusCode, third.json().errorCode]).toEqual([429, 700029]);
    } finally {
      await limited.close();
    }
  }, 60_000);
});
