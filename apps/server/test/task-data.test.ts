import { randomUUID } from "node:crypto";
import { Errors } from "@vrf/contract/errors.ts";
import { FRAME_EXPORT_MAX, TASK_INDOOR_FIELDS, TASK_OUTDOOR_FIELDS } from "@vrf/contract/hi-checker/task-data.ts";
import ExcelJS from "exceljs";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertCheckerTask, sendCheckerReports, startCheckerTaskApp } from "./helpers/checker-task-setup.ts";
import { indoorSnapshot, outdoorSnapshot } from "./helpers/device-client.ts";
import type { TestApp } from "./helpers/test-app.ts";

const FRAMES = "/hmt-web/himit-checker/tasks/frames";
const FRAMES_EXPORT = "/hmt-web/himit-checker/tasks/frames/export";
const READINGS = "/hmt-web/himit-checker/tasks/readings";
const READINGS_EXPORT = "/hmt-web/himit-checker/tasks/readings/export";

interface Frame {
  n: number;
  at: string;
  source: number | null;
  destination: number | null;
  command: number | null;
  checksumOk: boolean | null;
  hex: string;
}
interface Page<T> {
  list: T[];
  total: number;
}
interface Readings extends Page<{ at: string; statusWord: number | null; values: (number | null)[] }> {
  fields: string[];
}

let t: TestApp;
let engineer: string;
let distributorCloud: string;
let checkerId: number;
let foreignCheckerId: number;
let captureTask: string;
let foreignTask: string;
const FRAME_COUNT = 1_000;

/**
 * `count` frames numbered 1..count, as the device link writes them: well-formed frames whose
 * source walks 0..127, command cycles through 0x01, 0x10, 0x20, 0x30, and every 7th frame
 * carries the bytes 55 66; every 100th is noise (no header).
 */
const insertFrames = async (taskId: string, count: number) => {
  await sql`
    INSERT INTO capture_frames (task_id, n, at, source, destination, command, raw)
    SELECT ${taskId}::uuid, g, ${t.clock.now()}::timestamptz + g * interval '10 milliseconds',
           CASE WHEN g % 100 = 0 THEN NULL ELSE g % 128 END,
           CASE WHEN g % 100 = 0 THEN NULL ELSE 112 END,
           CASE WHEN g % 100 = 0 THEN NULL ELSE (ARRAY[1, 16, 32, 48])[g % 4 + 1] END,
           CASE WHEN g % 100 = 0 THEN '\\x0102'::bytea
                ELSE decode('aa' || lpad(to_hex(g % 128), 2, '0') || '70' || lpad(to_hex((ARRAY[1, 16, 32, 48])[g % 4 + 1]), 2, '0')
                            || '02' || CASE WHEN g % 7 = 0 THEN '5566' ELSE '0000' END || '00', 'hex') END
    FROM generate_series(1, ${count}) AS g`.execute(t.db);
  await t.db.updateTable("checker_tasks").set({ frame_count: count }).where("id", "=", taskId).execute();
};

/** The frames of the fixture matching a filter, counted by the rule that made them. */
const expected = (match: (g: number) => boolean) => Array.from({ length: FRAME_COUNT }, (_, i) => i + 1).filter(match);

beforeAll(async () => {
  ({ t, engineer, distributorCloud, checkerId, foreignCheckerId } = await startCheckerTaskApp());
  captureTask = await insertCheckerTask(t, checkerId, "capture");
  await insertFrames(captureTask, FRAME_COUNT);
  foreignTask = await insertCheckerTask(t, foreignCheckerId, "capture");
  await insertFrames(foreignTask, 10);
});
afterAll(() => t?.close());

const frames = (query: Record<string, unknown>, token = engineer) =>
  t.get<Page<Frame>>(FRAMES, { taskId: captureTask, ...query }, token);

describe("the message report", () => {
  it("pages a capture's frames in order, decoded, with the task's count as total", async () => {
    const page = await frames({ pageNum: 3, pageSize: 50 });
    expect(page.body.errorCode).toBe(0);
    expect(page.body.data.total).toBe(FRAME_COUNT);
    expect(page.body.data.list.map((f) => f.n)).toEqual(Array.from({ length: 50 }, (_, i) => 101 + i));
    const first = page.body.data.list[0] as Frame;
    expect(first).toMatchObject({ n: 101, source: 101, destination: 0x70, command: 16, checksumOk: false });
    expect(first.hex).toBe("aa65701002000000");
    const noise = (await frames({ pageNum: 4, pageSize: 50 })).body.data.list.find((f) => f.n === 200) as Frame;
    expect(noise).toMatchObject({ source: null, destination: null, command: null, checksumOk: null, hex: "0102" });
    const last = await frames({ pageNum: 20, pageSize: 50 });
    expect(last.body.data.list.map((f) => f.n).at(-1)).toBe(FRAME_COUNT);
    expect((await frames({ pageNum: 21, pageSize: 50 })).body.data.list).toEqual([]);
  });

  it("filters by address (either way), command and byte pattern, paging the matches in SQL", async () => {
    const bySource = expected((g) => g % 100 !== 0 && g % 128 === 5);
    const res = await frames({ address: 5, pageSize: 200 });
    expect(res.body.data.total).toBe(bySource.length);
    expect(res.body.data.list.map((f) => f.n)).toEqual(bySource);
    // 0x70 is every frame's destination.
    expect((await frames({ address: 0x70 })).body.data.total).toBe(expected((g) => g % 100 !== 0).length);

    const byCommand = expected((g) => g % 100 !== 0 && [1, 16, 32, 48][g % 4] === 32);
    const page2 = await frames({ command: 32, pageNum: 2, pageSize: 20 });
    expect(page2.body.data.total).toBe(byCommand.length);
    expect(page2.body.data.list.map((f) => f.n)).toEqual(byCommand.slice(20, 40));

    const byPattern = expected((g) => g % 100 !== 0 && g % 7 === 0);
    const patterned = await frames({ pattern: "55 66", pageSize: 200 });
    expect(patterned.body.data.total).toBe(byPattern.length);
    expect(patterned.body.data.list.map((f) => f.n)).toEqual(byPattern);

    const both = expected((g) => g % 100 !== 0 && g % 7 === 0 && [1, 16, 32, 48][g % 4] === 48);
    const combined = await frames({ pattern: "5566", command: 48, pageSize: 200 });
    expect(combined.body.data.list.map((f) => f.n)).toEqual(both);
    expect((await frames({ command: 32, pageNum: 500, pageSize: 20 })).body.data.list).toEqual([]);
  });

  it("exports the filtered frames as CSV in the caller's language", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: `${FRAMES_EXPORT}?taskId=${captureTask}&pattern=5566`,
      headers: { authorization: `Bearer ${engineer}`, "accept-language": "en" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    const lines = res.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\n");
    expect(lines[0]).toBe("No.,Time (UTC),Source,Destination,Command,Meaning,Checksum,Frame (hex)");
    expect(lines.length - 1).toBe(expected((g) => g % 100 !== 0 && g % 7 === 0).length);
    expect(lines[1]).toMatch(
      /^7,2026-03-01 .*,Outdoor 7 \(0x07\),Controller \(0x70\),0x30,Control,ERR,AA07703002556600$/,
    );
    const zh = await t.app.inject({
      method: "GET",
      url: `${FRAMES_EXPORT}?taskId=${captureTask}&command=1`,
      headers: { authorization: `Bearer ${engineer}`, "accept-language": "zh" },
    });
    expect(zh.body).toContain("序号");
    expect(zh.body).toContain("轮询");
  });

  it("refuses an export larger than its limit, and says so", async () => {
    const big = await insertCheckerTask(t, checkerId, "capture");
    await insertFrames(big, FRAME_EXPORT_MAX + 1);
    const res = await t.get(FRAMES_EXPORT, { taskId: big }, engineer);
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe(Errors.exportTooLarge.errorCode);
    const filtered = await t.app.inject({
      method: "GET",
      url: `${FRAMES_EXPORT}?taskId=${big}&command=1`,
      headers: { authorization: `Bearer ${engineer}` },
    });
    expect(filtered.statusCode).toBe(200);
    await t.db.deleteFrom("checker_tasks").where("id", "=", big).execute();
    // 200,001 frames are written and read back: seconds on a busy machine.
  }, 60_000);

  it("refuses bad input (400), no session (401), a Distributor Cloud session (403), another organisation's task (404)", async () => {
    for (const query of [{ pattern: "abc" }, { pattern: "zz" }, { pattern: "00".repeat(33) }]) {
      const res = await frames(query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.errorCode).toBe(Errors.hexPattern.errorCode);
    }
    for (const query of [{ address: 256 }, { command: -1 }, { pageSize: 201 }, { taskId: "x" }]) {
      expect((await frames(query)).status, JSON.stringify(query)).toBe(400);
    }
    expect((await t.get(FRAMES, { taskId: captureTask })).status).toBe(401);
    expect((await frames({}, distributorCloud)).status).toBe(403);
    expect((await t.get(FRAMES, { taskId: foreignTask }, engineer)).status).toBe(404);
    expect((await t.get(FRAMES_EXPORT, { taskId: foreignTask }, engineer)).status).toBe(404);
    expect((await t.get(FRAMES, { taskId: randomUUID() }, engineer)).status).toBe(404);
  });
});

describe("the collected data", () => {
  let collectionTask: string;
  let system: number;

  beforeAll(async () => {
    // Three reports of a checker's system inside the task's period and one after it, sent over the device link.
    const sent = await sendCheckerReports(
      t,
      checkerId,
      [0, 1, 2, 3].map((i) => ({
        outdoor: [outdoorSnapshot(0, { compressorHz: 40 + i })],
        indoor: [indoorSnapshot(3, { roomTempC: 24 + i, mode: "heating" })],
      })),
      9_000,
    );
    system = sent.system;
    const start = sent.start;
    collectionTask = await insertCheckerTask(t, checkerId, "collection", {
      started_at: start,
      ended_at: new Date(start.getTime() + 3 * 60_000 + 1),
      end_at: new Date(start.getTime() + 3 * 60_000 + 1),
    });
  });

  const readings = (query: Record<string, unknown>) =>
    t.get<Readings>(READINGS, { taskId: collectionTask, systemNumber: system, ...query }, engineer);

  it("lists one unit's readings in the task's period, oldest first, paged in SQL", async () => {
    const outdoor = await readings({ side: "outdoor", address: 0 });
    expect(outdoor.body.errorCode).toBe(0);
    expect(outdoor.body.data.fields).toEqual([...TASK_OUTDOOR_FIELDS]);
    expect(outdoor.body.data.total).toBe(3);
    expect(outdoor.body.data.list.map((r) => r.values[0])).toEqual([40, 41, 42]);
    expect(outdoor.body.data.list.every((r) => r.statusWord === 2)).toBe(true);

    const indoor = await readings({ side: "indoor", address: 3, pageSize: 2, pageNum: 2 });
    expect(indoor.body.data.fields).toEqual([...TASK_INDOOR_FIELDS]);
    expect(indoor.body.data.total).toBe(3);
    expect(indoor.body.data.list).toHaveLength(1);
    const values = indoor.body.data.list[0]?.values ?? [];
    expect(values[TASK_INDOOR_FIELDS.indexOf("roomTempC")]).toBe(26);
    expect(values[TASK_INDOOR_FIELDS.indexOf("mode")]).toBe(2);

    // A unit the reports do not hold: the report times, with nothing in them.
    const missing = await readings({ side: "indoor", address: 9 });
    expect(missing.body.data.list.map((r) => r.values)).toEqual([[], [], []]);
  });

  it("exports them as a workbook, modes in words", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: `${READINGS_EXPORT}?taskId=${collectionTask}&side=indoor&systemNumber=${system}&address=3`,
      headers: { authorization: `Bearer ${engineer}`, "accept-language": "en" },
    });
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    expect(sheet.rowCount).toBe(4);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 3)).toEqual(["Time (UTC)", "Status", "Room (°C)"]);
    const row = (sheet.getRow(2).values as unknown[]).slice(1);
    expect(row[1]).toBe("TH ON");
    expect(row[2]).toBe(24);
    expect(row[2 + TASK_INDOOR_FIELDS.indexOf("mode")]).toBe("Heating");
  });

  it("answers 404 for a capture task, 400 for bad input", async () => {
    expect(
      (await t.get(READINGS, { taskId: captureTask, side: "outdoor", systemNumber: 0, address: 0 }, engineer)).status,
    ).toBe(404);
    expect((await readings({ side: "roof", address: 0 })).status).toBe(400);
    expect((await readings({ side: "indoor", address: 64 })).status).toBe(400);
    expect(
      (await t.get(READINGS, { taskId: collectionTask, side: "indoor", systemNumber: 0, address: 0 })).status,
    ).toBe(401);
  });
});
