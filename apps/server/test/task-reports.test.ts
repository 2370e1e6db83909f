import { randomUUID } from "node:crypto";
import { Errors } from "@vrf/contract/errors.ts";
import { REPORT_NOTES_MAX, REPORTS_PER_TASK_MAX } from "@vrf/contract/hi-checker/task-reports.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCheckerTask, sendCheckerReports, startCheckerTaskApp } from "./helpers/checker-task-setup.ts";
import { indoorSnapshot, outdoorSnapshot } from "./helpers/device-client.ts";
import type { TestApp } from "./helpers/test-app.ts";

const CREATE = "/hmt-web/himit-checker/tasks/reports/create";
const LIST = "/hmt-web/himit-checker/tasks/reports/list";
const DOWNLOAD = "/hmt-web/himit-checker/tasks/reports/download";

interface Report {
  id: string;
  taskId: string;
  title: string;
  notes: string;
  language: "zh" | "en";
  createdBy: string;
  createdAt: string;
}

let t: TestApp;
let engineer: string;
let distributorCloud: string;
let checkerId: number;
let foreignCheckerId: number;
let collectionTask: string;
let captureTask: string;
let foreignTask: string;
let faultCode: string;

const reportCount = async () =>
  Number(
    (
      await t.db
        .selectFrom("task_reports")
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

const create = (body: Record<string, unknown>, language: "zh" | "en" = "en", token = engineer) =>
  t.app.inject({
    method: "POST",
    url: CREATE,
    payload: body,
    headers: { authorization: `Bearer ${token}`, "accept-language": language },
  });

const download = (id: string, token = engineer) =>
  t.app.inject({
    method: "GET",
    url: `${DOWNLOAD}?id=${id}&utcOffsetMinutes=480`,
    headers: { authorization: `Bearer ${token}` },
  });

/** The text of every page of a PDF, as pdf.js reads it (the report's CJK font is a subset: bytes alone say nothing). */
const pdfText = async (bytes: Buffer) => {
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const pdf = await pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" "));
  }
  await pdf.destroy();
  return { pages: pdf.numPages, text: pages.join("\n") };
};

beforeAll(async () => {
  ({ t, engineer, distributorCloud, checkerId, foreignCheckerId } = await startCheckerTaskApp());

  // Reports of the checker's system over the device link, a minute apart, inside the task's period.
  const { start, system } = await sendCheckerReports(
    t,
    checkerId,
    [0, 1, 2, 3, 4, 5].map((i) => ({
      outdoor: [outdoorSnapshot(0, { compressorHz: 40 + i * 5, highPressureMpa: 2.6 + i * 0.05 })],
      indoor: [indoorSnapshot(3, { roomTempC: 27 - i * 0.5, setTempC: 24, mode: "cooling" })],
    })),
    7_000,
  );
  const end = new Date(start.getTime() + 6 * 60_000 + 1);
  collectionTask = await insertCheckerTask(t, checkerId, "collection", {
    started_at: start,
    ended_at: end,
    end_at: end,
  });

  const device = await t.db
    .selectFrom("devices")
    .where("id", "=", checkerId)
    .select(["organisation_id", "project_id"])
    .executeTakeFirstOrThrow();
  const code = await t.db.selectFrom("fault_codes").select("code").orderBy("code").executeTakeFirstOrThrow();
  faultCode = code.code;
  await t.db
    .insertInto("faults")
    .values({
      organisation_id: Number(device.organisation_id),
      project_id: device.project_id,
      device_id: checkerId,
      code: faultCode,
      system_number: system,
      outdoor_address: 0,
      indoor_address: null,
      occurred_at: new Date(start.getTime() + 2 * 60_000),
      repaired_at: null,
    })
    .execute();

  captureTask = await insertCheckerTask(t, checkerId, "capture", { frame_count: 3 });
  await t.db
    .insertInto("capture_frames")
    .values(
      [1, 2, 3].map((n) => ({
        task_id: captureTask,
        n,
        at: new Date(t.clock.now().getTime() + n * 1000),
        source: 5,
        destination: 0x70,
        command: 0x10,
        raw: Buffer.from("aa05701002000000", "hex"),
      })),
    )
    .execute();
  foreignTask = await insertCheckerTask(t, foreignCheckerId, "capture");
}, 60_000);
afterAll(() => t?.close());

describe("data reports of a task", () => {
  it("creates a report of an ended task, lists it with the task and downloads it as a PDF", async () => {
    const notes = "Refrigerant charge checked; filters cleaned.\nCustomer informed.";
    const res = await create({ taskId: collectionTask, title: "  Annual service  ", notes });
    expect(res.statusCode).toBe(200);
    const report = res.json().data as Report;
    expect(report).toMatchObject({ taskId: collectionTask, title: "Annual service", notes, language: "en" });
    expect(report.createdBy).not.toBe("");

    const list = await t.get<{ list: Report[] }>(LIST, { taskId: collectionTask }, engineer);
    expect(list.status).toBe(200);
    expect(list.body.data.list.map((r) => r.id)).toEqual([report.id]);

    const file = await download(report.id);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("application/pdf");
    expect(file.headers["content-disposition"]).toMatch(
      /^attachment; filename\*=UTF-8''data-report-Annual-service-\d{8}\.pdf$/,
    );
    const bytes = file.rawPayload;
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    // The font is embedded as a subset: tens of kilobytes, not the 10 MB file.
    expect(bytes.length).toBeGreaterThan(10_000);
    expect(bytes.length).toBeLessThan(1_500_000);

    const task = await t.get<{ deviceCode: string; project: { name: string } | null }>(
      "/hmt-web/himit-checker/tasks/get",
      { id: collectionTask },
      engineer,
    );
    const { text } = await pdfText(bytes);
    expect(text).toContain("Annual service");
    expect(text).toContain("VRF Cloud");
    expect(text).toContain(task.body.data.deviceCode);
    if (task.body.data.project) expect(text).toContain(task.body.data.project.name);
    expect(text).toContain("Refrigerant charge checked; filters cleaned.");
    expect(text).toContain("Outdoor unit pressures");
    expect(text).toContain("High pressure");
    // The indoor units' mean room temperature and set point: a column of each report's matrix.
    expect(text).toContain("Room temperature");
    expect(text).toContain("Set point");
    expect(text).toContain("Compressor frequency (Hz)");
    expect(text).toContain(faultCode);
    expect(text).toContain("UTC+08:00");
  });

  it("makes the report in the creating request's language, Chinese included", async () => {
    t.clock.advance(1_000);
    const res = await create({ taskId: collectionTask, notes: "已清洗过滤网，冷媒压力正常。" }, "zh");
    expect(res.statusCode).toBe(200);
    const report = res.json().data as Report;
    expect(report.language).toBe("zh");
    const file = await download(report.id);
    expect(file.headers["content-disposition"]).toContain(encodeURIComponent("数据报告"));
    const { text } = await pdfText(file.rawPayload);
    expect(text).toContain("数据报告");
    expect(text).toContain("已清洗过滤网，冷媒压力正常。");
    expect(text).toContain("外机压力");
    expect(text).toContain("工程师备注");
    // Untitled: the task's name stands for the title.
    expect(text).toContain("collection visit");

    const list = await t.get<{ list: Report[] }>(LIST, { taskId: collectionTask }, engineer);
    expect(list.body.data.list.map((r) => r.id)[0]).toBe(report.id);
  });

  it("charts a capture task's frames per time and per command", async () => {
    const res = await create({ taskId: captureTask, notes: "Bus traffic normal." });
    const file = await download((res.json().data as Report).id);
    expect(file.statusCode).toBe(200);
    const { text } = await pdfText(file.rawPayload);
    expect(text).toContain("Bus frames per command");
    expect(text).toContain("Indoor unit status request");
    expect(text).toContain("3 bus frames");
  });

  it("refuses a task that has not ended, and writes nothing", async () => {
    const running = await insertCheckerTask(t, checkerId, "collection", { status: "running", ended_at: null });
    const before = await reportCount();
    const res = await create({ taskId: running, notes: "too early" });
    expect(res.statusCode).toBe(409);
    expect(res.json().errorCode).toBe(Errors.taskNotEnded.errorCode);
    expect(await reportCount()).toBe(before);
    await t.db.deleteFrom("checker_tasks").where("id", "=", running).execute();
  });

  it("refuses bad input (400) and writes nothing", async () => {
    const before = await reportCount();
    for (const body of [
      { taskId: collectionTask, notes: "x".repeat(REPORT_NOTES_MAX + 1) },
      { taskId: collectionTask, title: "x".repeat(101) },
      { taskId: collectionTask, notes: "bell\u0007" },
      { taskId: "not-a-task" },
      { notes: "no task" },
    ]) {
      const res = await create(body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    expect(await reportCount()).toBe(before);
    expect((await t.get(LIST, { taskId: "x" }, engineer)).status).toBe(400);
    expect((await t.get(DOWNLOAD, { id: "x" }, engineer)).status).toBe(400);
    expect((await t.get(DOWNLOAD, { id: randomUUID(), utcOffsetMinutes: 10_000 }, engineer)).status).toBe(400);
  });

  it("answers 401 without a session, 403 to a Distributor Cloud session, 404 for another organisation's task", async () => {
    const before = await reportCount();
    expect((await t.post(CREATE, { taskId: collectionTask })).status).toBe(401);
    expect((await t.get(LIST, { taskId: collectionTask })).status).toBe(401);
    expect((await create({ taskId: collectionTask }, "en", distributorCloud)).statusCode).toBe(403);
    expect((await t.get(LIST, { taskId: collectionTask }, distributorCloud)).status).toBe(403);
    expect((await create({ taskId: foreignTask })).statusCode).toBe(404);
    expect((await create({ taskId: randomUUID() })).statusCode).toBe(404);
    expect((await t.get(LIST, { taskId: foreignTask }, engineer)).status).toBe(404);
    expect(await reportCount()).toBe(before);

    // A report of another organisation's task (made by someone there) is not the engineer's to download.
    const foreignReport = randomUUID();
    await t.db
      .insertInto("task_reports")
      .values({ id: foreignReport, task_id: foreignTask, language: "en", created_by: null, created_at: t.clock.now() })
      .execute();
    expect((await download(foreignReport)).statusCode).toBe(404);
    expect((await download(randomUUID())).statusCode).toBe(404);
    const mine = (await t.get<{ list: Report[] }>(LIST, { taskId: collectionTask }, engineer)).body.data
      .list[0] as Report;
    expect((await download(mine.id, distributorCloud)).statusCode).toBe(403);
    expect((await t.get(DOWNLOAD, { id: mine.id })).status).toBe(401);
  });

  it("lets an engineer report on a checker bound to them in another organisation", async () => {
    const account = await t.db
      .selectFrom("accounts")
      .where("email", "=", "checker@example.com")
      .select("id")
      .executeTakeFirstOrThrow();
    const task = await insertCheckerTask(t, foreignCheckerId, "collection", { name: "bound visit" });
    expect((await create({ taskId: task })).statusCode).toBe(404);
    await t.db
      .insertInto("device_bound_users")
      .values({ device_id: foreignCheckerId, account_id: Number(account.id), created_at: t.clock.now() })
      .execute();
    try {
      const res = await create({ taskId: task, notes: "Bound checker." });
      expect(res.statusCode).toBe(200);
      const file = await download((res.json().data as Report).id);
      expect(file.statusCode).toBe(200);
      expect((await pdfText(file.rawPayload)).text).toContain("bound visit");
    } finally {
      await t.db.deleteFrom("device_bound_users").where("device_id", "=", foreignCheckerId).execute();
    }
  });

  it("keeps at most its limit of reports a task", async () => {
    const task = await insertCheckerTask(t, checkerId, "capture");
    for (let i = 0; i < REPORTS_PER_TASK_MAX; i++) expect((await create({ taskId: task })).statusCode).toBe(200);
    const over = await create({ taskId: task });
    expect(over.statusCode).toBe(409);
    expect(over.json().errorCode).toBe(Errors.taskReportLimit.errorCode);
    const list = await t.get<{ list: Report[] }>(LIST, { taskId: task }, engineer);
    expect(list.body.data.list).toHaveLength(REPORTS_PER_TASK_MAX);
  });

  it("holds the limit with twenty creates at once", async () => {
    const task = await insertCheckerTask(t, checkerId, "capture");
    const before = REPORTS_PER_TASK_MAX - 5;
    for (let i = 0; i < before; i++) expect((await create({ taskId: task })).statusCode).toBe(200);
    const answers = await Promise.all(Array.from({ length: 20 }, () => create({ taskId: task })));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(5);
    expect(codes.filter((c) => c === 409)).toHaveLength(15);
    const list = await t.get<{ list: Report[] }>(LIST, { taskId: task }, engineer);
    expect(list.body.data.list).toHaveLength(REPORTS_PER_TASK_MAX);
  });
});
