import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

// A list page reads its total from the kept counts inside its own statement; a page past the end
// has no row to carry it and asks apart. Either way the total is what counting the rows gives.

const D = "/hmt-web/distributor";
let t: TestApp;
let token: string;
let scope: number[];

beforeAll(async () => {
  t = await createTestApp();
  token = await t.moduleToken("distributor@example.com", 2);
  const me = await t.db
    .selectFrom("accounts")
    .where("email", "=", "distributor@example.com")
    .select("organisation_id")
    .executeTakeFirstOrThrow();
  const children = await t.db
    .selectFrom("sub_distributor_links")
    .where("parent_organisation_id", "=", me.organisation_id)
    .where("status", "=", 2)
    .select("child_organisation_id as id")
    .execute();
  scope = [me.organisation_id, ...children.map((c) => c.id)];
});
afterAll(() => t.close());

const countProjects = async (alarm?: "alarm" | "normal") => {
  let query = t.db.selectFrom("projects").where("organisation_id", "in", scope);
  if (alarm === "alarm") query = query.where("open_fault_count", ">", 0);
  if (alarm === "normal") query = query.where("open_fault_count", "=", 0);
  return Number((await query.select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
};

const countDevices = async (kind: "himit" | "hidom", status?: "offline") => {
  let query = t.db.selectFrom("devices").where("organisation_id", "in", scope).where("kind", "=", kind);
  if (status) query = query.where("status", "=", status);
  return Number((await query.select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
};

const countFaults = async (state?: "open" | "repaired") => {
  let query = t.db.selectFrom("faults").where("organisation_id", "in", scope);
  if (state === "open") query = query.where("repaired_at", "is", null);
  if (state === "repaired") query = query.where("repaired_at", "is not", null);
  return Number((await query.select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
};

const countUnits = async (table: "outdoor_units" | "indoor_units") =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .where("organisation_id", "in", scope)
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

type Page = { total: number; list: unknown[] };

describe("list totals carried by the page", () => {
  it.each([1, 2, 1000])("projects: page %i tells the counted total", async (pageNum) => {
    const expected = await countProjects();
    const res = await t.post<Page>(`${D}/project/list`, { pageNum, pageSize: 2 }, token);
    expect(res.body.errorCode).toBe(0);
    expect(res.body.data.total).toBe(expected);
    if (pageNum === 1000) expect(res.body.data.list).toEqual([]);
  });

  it("projects in alarm and normal: totals add up to all projects, each as counted", async () => {
    const alarm = await t.post<Page>(`${D}/project/list`, { pageNum: 1, pageSize: 2, alarmState: "alarm" }, token);
    const normal = await t.post<Page>(`${D}/project/list`, { pageNum: 1, pageSize: 2, alarmState: "normal" }, token);
    expect(alarm.body.data.total).toBe(await countProjects("alarm"));
    expect(normal.body.data.total).toBe(await countProjects("normal"));
    expect(alarm.body.data.total + normal.body.data.total).toBe(await countProjects());
  });

  it.each([
    ["himit", undefined, 1],
    ["himit", "offline", 1],
    ["hidom", undefined, 1],
    ["himit", undefined, 1000],
  ] as const)("devices (%s, status %s): page %i tells the counted total", async (kind, status, pageNum) => {
    const expected = await countDevices(kind, status);
    const res = await t.get<Page>(
      `${D}/devices/list`,
      { kind, ...(status ? { status } : {}), pageNum, pageSize: 2 },
      token,
    );
    expect(res.body.errorCode).toBe(0);
    expect(res.body.data.total).toBe(expected);
  });

  it.each([
    [undefined, 1],
    ["open", 1],
    ["repaired", 1],
    [undefined, 100_000],
  ] as const)("faults (state %s): page %i tells the counted total, as the statistics do", async (state, pageNum) => {
    const expected = await countFaults(state);
    const query = { ...(state ? { state } : {}), pageNum, pageSize: 2 };
    const res = await t.get<Page>(`${D}/faults/list`, query, token);
    expect(res.body.errorCode).toBe(0);
    expect(res.body.data.total).toBe(expected);
    const stats = await t.get<{ total: number }>(
      `${D}/faults/stats`,
      { ...(state ? { state } : {}), utcOffsetMinutes: 0 },
      token,
    );
    expect(stats.body.data.total).toBe(expected);
  });

  it.each([
    ["outdoor", 1],
    ["indoor", 1],
    ["indoor", 100_000],
  ] as const)("%s units: page %i tells the counted total", async (which, pageNum) => {
    const res = await t.get<Page>(`${D}/devices/${which}/list`, { pageNum, pageSize: 2 }, token);
    expect(res.body.errorCode).toBe(0);
    expect(res.body.data.total).toBe(await countUnits(which === "outdoor" ? "outdoor_units" : "indoor_units"));
    if (pageNum === 1) expect(res.body.data.list).toHaveLength(2);
  });
});
