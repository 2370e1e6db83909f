import ExcelJS from "exceljs";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

const LIST = "/hmt-web/distributor/faults/list";
const STATS = "/hmt-web/distributor/faults/stats";
const EXPORT = "/hmt-web/distributor/faults/export";
const CODES = "/hmt-web/distributor/faults/codes";
const DEVICES = "/hmt-web/distributor/faults/device-options";

interface FaultRecord {
  id: number;
  code: string;
  name: string | null;
  repaired: boolean;
  occurredAt: string;
  repairedAt: string | null;
  projectId: number | null;
  deviceId: number;
  organisationId: number;
  organisationName: string;
}
interface Page<T> {
  list: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}
interface Stats {
  total: number;
  open: number;
  byCode: { code: string; name: string | null; total: number; open: number }[];
  byDay: { day: string; total: number; open: number }[];
}

let t: TestApp;
let distributor: string;
let sub: string;
let checker: string;
let other: string;
const org = { distributor: 0, sub: 0, other: 0 };

const orgId = async (name: string) =>
  (await t.db.selectFrom("organisations").where("name", "=", name).select("id").executeTakeFirstOrThrow()).id;

/** Counts straight from the database, to check the API's numbers against. */
const countFaults = async (
  organisationIds: number[],
  where: { code?: string; open?: boolean; projectId?: number; from?: Date; to?: Date } = {},
) => {
  let query = t.db.selectFrom("faults").where("organisation_id", "in", organisationIds);
  if (where.code) query = query.where("code", "=", where.code);
  if (where.open === true) query = query.where("repaired_at", "is", null);
  if (where.open === false) query = query.where("repaired_at", "is not", null);
  if (where.projectId) query = query.where("project_id", "=", where.projectId);
  if (where.from) query = query.where("occurred_at", ">=", where.from);
  if (where.to) query = query.where("occurred_at", "<", where.to);
  const row = await query.select(sql<number>`count(*)::int`.as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
};

const firstOf = async (table: "projects" | "devices", organisationId: number) =>
  (
    await t.db
      .selectFrom(table)
      .where("organisation_id", "=", organisationId)
      .select("id")
      .orderBy("id")
      .executeTakeFirstOrThrow()
  ).id;

beforeAll(async () => {
  t = await createTestApp();
  distributor = await t.moduleToken("distributor@example.com", 2);
  sub = await t.moduleToken("subdistributor@example.com", 2);
  checker = await t.moduleToken("checker@example.com", 5);
  other = await t.moduleToken("other@example.com", 2);
  org.distributor = await orgId("Demo Distributor");
  org.sub = await orgId("Demo Sub-distributor");
  org.other = await orgId("Other Distributor");
});
afterAll(() => t.close());

describe("fault records", () => {
  it("lists the distributor's and its sub-distributor's faults, newest first, paged in SQL", async () => {
    const total = await countFaults([org.distributor, org.sub]);
    expect(total).toBeGreaterThan(300);
    const first = await t.get<Page<FaultRecord>>(LIST, { pageSize: 50 }, distributor);
    expect(first.status).toBe(200);
    expect(first.body.data.total).toBe(total);
    expect(first.body.data.list).toHaveLength(50);
    const times = first.body.data.list.map((r) => r.occurredAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(new Set(first.body.data.list.map((r) => r.organisationId))).toEqual(new Set([org.distributor, org.sub]));

    const second = await t.get<Page<FaultRecord>>(LIST, { pageSize: 50, pageNum: 2 }, distributor);
    expect(second.body.data.pageNum).toBe(2);
    expect((second.body.data.list[0]?.occurredAt ?? "") <= (times.at(-1) as string)).toBe(true);
    const ids = new Set(first.body.data.list.map((r) => r.id));
    expect(second.body.data.list.some((r) => ids.has(r.id))).toBe(false);
  });

  it("names each code in the caller's language and tells repaired from open", async () => {
    const open = await t.get<Page<FaultRecord>>(LIST, { state: "open", code: "E01", pageSize: 200 }, distributor);
    for (const r of open.body.data.list) {
      expect(r).toMatchObject({ code: "E01", repaired: false, repairedAt: null });
      expect(r.name).toBe("Indoor/outdoor unit communication error");
    }
    const zh = await t.app.inject({
      method: "GET",
      url: `${LIST}?code=E05&pageSize=1`,
      headers: { authorization: `Bearer ${distributor}`, "accept-language": "zh_CN,zh" },
    });
    expect(zh.json().data.list[0].name).toBe("高压保护");
    const repaired = await t.get<Page<FaultRecord>>(LIST, { state: "repaired", pageSize: 100 }, distributor);
    for (const r of repaired.body.data.list) {
      expect(r.repaired).toBe(true);
      expect(new Date(r.repairedAt as string).getTime()).toBeGreaterThanOrEqual(new Date(r.occurredAt).getTime());
    }
  });

  it("filters by state, code, project, device, distributor and time range, matching the database", async () => {
    const both = [org.distributor, org.sub];
    const openTotal = (await t.get<Page<FaultRecord>>(LIST, { state: "open" }, distributor)).body.data.total;
    expect(openTotal).toBe(await countFaults(both, { open: true }));
    expect(openTotal).toBeGreaterThan(0);

    const e07 = (await t.get<Page<FaultRecord>>(LIST, { code: "e07" }, distributor)).body.data.total;
    expect(e07).toBe(await countFaults(both, { code: "E07" }));

    const project = await t.db
      .selectFrom("faults")
      .where("organisation_id", "=", org.distributor)
      .select(["project_id", "device_id"])
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const byProject = await t.get<Page<FaultRecord>>(
      LIST,
      { projectId: project.project_id, pageSize: 200 },
      distributor,
    );
    expect(byProject.body.data.total).toBe(await countFaults(both, { projectId: project.project_id as number }));
    expect(byProject.body.data.list.every((r) => r.projectId === project.project_id)).toBe(true);

    const byDevice = await t.get<Page<FaultRecord>>(LIST, { deviceId: project.device_id, pageSize: 200 }, distributor);
    expect(byDevice.body.data.total).toBeGreaterThan(0);
    expect(byDevice.body.data.list.every((r) => r.deviceId === project.device_id)).toBe(true);

    const bySub = await t.get<Page<FaultRecord>>(LIST, { organisationId: org.sub }, distributor);
    expect(bySub.body.data.total).toBe(await countFaults([org.sub]));

    const from = new Date("2026-02-01T00:00:00Z");
    const to = new Date("2026-02-15T00:00:00Z");
    const ranged = await t.get<Page<FaultRecord>>(
      LIST,
      { from: from.toISOString(), to: to.toISOString(), pageSize: 200 },
      distributor,
    );
    expect(ranged.body.data.total).toBe(await countFaults(both, { from, to }));
    for (const r of ranged.body.data.list) {
      expect(new Date(r.occurredAt) >= from && new Date(r.occurredAt) < to).toBe(true);
    }
  });

  it("sorts by a whitelisted column and refuses any other", async () => {
    const byCode = await t.get<Page<FaultRecord>>(LIST, { sort: "code", order: "ascend", pageSize: 100 }, distributor);
    const codes = byCode.body.data.list.map((r) => r.code);
    expect([...codes].sort()).toEqual(codes);
    const byRepair = await t.get<Page<FaultRecord>>(LIST, { sort: "repairedAt", order: "descend" }, distributor);
    expect(byRepair.status).toBe(200);
    // Open faults have no repair time; they come last whichever the direction.
    expect(byRepair.body.data.list[0]?.repairedAt).not.toBeNull();
    expect((await t.get(LIST, { sort: "organisation_id; drop table faults" }, distributor)).status).toBe(400);
  });

  it("refuses bad filters with 400: a range ending before it starts, a malformed code, an unknown state", async () => {
    const reversed = await t.get(LIST, { from: "2026-02-10T00:00:00Z", to: "2026-02-01T00:00:00Z" }, distributor);
    expect(reversed.status).toBe(400);
    expect(reversed.body.errorCode).toBe(600402);
    expect((await t.get(LIST, { code: "E 01;" }, distributor)).status).toBe(400);
    expect((await t.get(LIST, { state: "broken" }, distributor)).status).toBe(400);
    expect((await t.get(LIST, { from: "yesterday" }, distributor)).status).toBe(400);
    expect((await t.get(LIST, { pageSize: 500 }, distributor)).status).toBe(400);
    expect((await t.get(LIST, { projectId: "abc" }, distributor)).status).toBe(400);
  });

  it("needs a Distributor Cloud session: 401 without one, 403 for a Hi-Checker token", async () => {
    const none = await t.get(LIST, {});
    expect(none.status).toBe(401);
    expect(none.body.errorCode).toBe(611702);
    const wrong = await t.get(LIST, {}, checker);
    expect(wrong.status).toBe(403);
    expect(wrong.body.errorCode).toBe(700003);
  });

  it("answers 404 for another tenant's project, device or organisation, like a missing one", async () => {
    const otherProject = await firstOf("projects", org.other);
    const otherDevice = await firstOf("devices", org.other);
    for (const filter of [
      { projectId: otherProject },
      { deviceId: otherDevice },
      { organisationId: org.other },
      { projectId: 999_999 },
    ]) {
      const res = await t.get(LIST, filter, distributor);
      expect(res.status).toBe(404);
      expect(res.body.errorCode).toBe(600909);
      expect((await t.get(STATS, filter, distributor)).status).toBe(404);
    }
  });

  it("shows a sub-distributor only its own faults, and its parent's records are not its to see", async () => {
    const res = await t.get<Page<FaultRecord>>(LIST, { pageSize: 200 }, sub);
    expect(res.body.data.total).toBe(await countFaults([org.sub]));
    expect(res.body.data.list.every((r) => r.organisationId === org.sub)).toBe(true);
    expect((await t.get(LIST, { projectId: await firstOf("projects", org.distributor) }, sub)).status).toBe(404);
    expect((await t.get(LIST, { organisationId: org.distributor }, sub)).status).toBe(404);
    const others = await t.get<Page<FaultRecord>>(LIST, {}, other);
    expect(others.body.data.total).toBe(await countFaults([org.other]));
  });
});

describe("fault statistics", () => {
  it("counts by code and by day with GROUP BY, matching the records under the same filters", async () => {
    const both = [org.distributor, org.sub];
    const res = await t.get<Stats>(STATS, { utcOffsetMinutes: 480 }, distributor);
    expect(res.status).toBe(200);
    const stats = res.body.data;
    expect(stats.total).toBe(await countFaults(both));
    expect(stats.open).toBe(await countFaults(both, { open: true }));
    expect(stats.byCode.reduce((sum, c) => sum + c.total, 0)).toBe(stats.total);
    expect(stats.byCode.reduce((sum, c) => sum + c.open, 0)).toBe(stats.open);
    const totals = stats.byCode.map((c) => c.total);
    expect([...totals].sort((a, b) => b - a)).toEqual(totals);
    const e01 = stats.byCode.find((c) => c.code === "E01");
    expect(e01?.total).toBe(await countFaults(both, { code: "E01" }));
    expect(e01?.name).toBe("Indoor/outdoor unit communication error");

    // Every day from the first record to today (UTC+8: 2026-03-01 16:00), gaps filled.
    expect(stats.byDay.reduce((sum, d) => sum + d.total, 0)).toBe(stats.total);
    expect(stats.byDay.at(-1)?.day).toBe("2026-03-01");
    const days = stats.byDay.map((d) => d.day);
    expect(new Set(days).size).toBe(days.length);
    expect([...days].sort()).toEqual(days);
  });

  it("follows the filters, and covers exactly the chosen range", async () => {
    const from = "2026-02-01T00:00:00Z";
    const to = "2026-02-08T00:00:00Z";
    const res = await t.get<Stats>(STATS, { from, to, code: "P01" }, distributor);
    const stats = res.body.data;
    expect(stats.total).toBe(
      await countFaults([org.distributor, org.sub], { code: "P01", from: new Date(from), to: new Date(to) }),
    );
    expect(stats.byCode.every((c) => c.code === "P01")).toBe(true);
    expect(stats.byDay.map((d) => d.day)).toEqual([
      "2026-02-01",
      "2026-02-02",
      "2026-02-03",
      "2026-02-04",
      "2026-02-05",
      "2026-02-06",
      "2026-02-07",
    ]);

    const subStats = await t.get<Stats>(STATS, {}, sub);
    expect(subStats.body.data.total).toBe(await countFaults([org.sub]));
  });

  it("refuses a reversed range and a bad offset (400), and needs the right session", async () => {
    expect((await t.get(STATS, { from: "2026-02-10T00:00:00Z", to: "2026-02-01T00:00:00Z" }, distributor)).status).toBe(
      400,
    );
    expect((await t.get(STATS, { utcOffsetMinutes: 5000 }, distributor)).status).toBe(400);
    expect((await t.get(STATS, {})).status).toBe(401);
    expect((await t.get(STATS, {}, checker)).status).toBe(403);
  });
});

describe("fault export", () => {
  const download = (query: string, token?: string, language = "en") =>
    t.app.inject({
      method: "GET",
      url: `${EXPORT}?${query}`,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), "accept-language": `zh_CN,${language}` },
    });

  it("exports the filtered records as an xlsx workbook in the caller's language", async () => {
    const res = await download("state=open&utcOffsetMinutes=480", distributor, "zh");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("spreadsheetml");
    expect(String(res.headers["content-disposition"])).toContain(encodeURIComponent("故障记录"));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).getCell(1).value).toBe("故障代码");
    expect(sheet?.getRow(1).getCell(4).value).toBe("故障时间 (UTC+8)");
    expect((sheet?.rowCount ?? 0) - 1).toBe(await countFaults([org.distributor, org.sub], { open: true }));
    expect(sheet?.getRow(2).getCell(3).value).toBe("未修复");
  });

  it("refuses bad filters, other tenants' ids and missing sessions", async () => {
    expect((await download("code=%25%25", distributor)).statusCode).toBe(400);
    expect((await download(`organisationId=${org.other}`, distributor)).statusCode).toBe(404);
    expect((await download("state=open")).statusCode).toBe(401);
    expect((await download("state=open", checker)).statusCode).toBe(403);
  });
});

describe("fault-code catalogue", () => {
  it("lists every code with name and suggested checks, and searches code or name", async () => {
    const all = await t.get<{ list: { code: string; name: string; checks: string; severity: string }[] }>(
      CODES,
      {},
      distributor,
    );
    const stored = await t.db
      .selectFrom("fault_codes")
      .select(sql<number>`count(*)::int`.as("n"))
      .executeTakeFirstOrThrow();
    expect(all.body.data.list).toHaveLength(Number(stored.n));
    expect(all.body.data.list.length).toBeGreaterThanOrEqual(25);
    expect(all.body.data.list.every((c) => c.name && c.checks.length > 20)).toBe(true);

    const pressure = await t.get<{ list: { code: string }[] }>(CODES, { keyword: "pressure sensor" }, distributor);
    expect(pressure.body.data.list.map((c) => c.code)).toEqual(["E08", "E10"]);
    const byCode = await t.get<{ list: { code: string }[] }>(CODES, { keyword: "c1" }, distributor);
    expect(byCode.body.data.list.map((c) => c.code)).toEqual(["C11", "C12", "C13", "C14"]);
    const zh = await t.app.inject({
      method: "GET",
      url: `${CODES}?keyword=${encodeURIComponent("排水")}`,
      headers: { authorization: `Bearer ${distributor}`, "accept-language": "zh_CN,zh" },
    });
    expect(zh.json().data.list).toEqual([expect.objectContaining({ code: "P01", name: "室内机排水故障（水位开关）" })]);
  });

  it("needs a Distributor Cloud session and refuses an over-long keyword", async () => {
    expect((await t.get(CODES, {})).status).toBe(401);
    expect((await t.get(CODES, {}, checker)).status).toBe(403);
    expect((await t.get(CODES, { keyword: "x".repeat(51) }, distributor)).status).toBe(400);
  });
});

describe("device options for the fault filter", () => {
  it("finds the caller's devices by serial number and never another tenant's", async () => {
    const device = await t.db
      .selectFrom("devices")
      .where("organisation_id", "=", org.sub)
      .select(["id", "serial_number"])
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const found = await t.get<{ list: { id: number; serialNumber: string }[] }>(
      DEVICES,
      { keyword: device.serial_number },
      distributor,
    );
    expect(found.body.data.list).toEqual([
      expect.objectContaining({ id: device.id, serialNumber: device.serial_number }),
    ]);
    const byId = await t.get<{ list: { id: number }[] }>(DEVICES, { id: device.id }, sub);
    expect(byId.body.data.list.map((d) => d.id)).toEqual([device.id]);
    const otherDevice = await firstOf("devices", org.other);
    expect((await t.get<{ list: unknown[] }>(DEVICES, { id: otherDevice }, distributor)).body.data.list).toEqual([]);
    expect((await t.get<{ list: unknown[] }>(DEVICES, { id: device.id }, other)).body.data.list).toEqual([]);
    expect((await t.get(DEVICES, { limit: 0 }, distributor)).status).toBe(400);
    expect((await t.get(DEVICES, {})).status).toBe(401);
    expect((await t.get(DEVICES, {}, checker)).status).toBe(403);
  });
});
