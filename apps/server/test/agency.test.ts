import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

const DASHBOARD = "/hmt-web/distributor/agency/dashboard";

interface Dashboard {
  projects: { total: number; inAlarm: number };
  devices: { kind: string; total: number; online: number; offline: number }[];
  faults: { open: number; lastDays: number };
  repairReports: number[];
  subDistributors: number[] | null;
  faultsPerDay: { day: string; total: number }[];
  topCodes: { code: string; name: string | null; total: number }[];
}

let t: TestApp;
const tokens = { distributor: "", sub: "", other: "", checker: "" };
const org = { distributor: 0, sub: 0, other: 0 };
const n = sql<number>`count(*)::int`.as("n");

const orgId = async (name: string) =>
  (await t.db.selectFrom("organisations").where("name", "=", name).select("id").executeTakeFirstOrThrow()).id;

/** The numbers the dashboard must show, computed independently from the tables. */
const expected = async (ids: number[], parent: number | null) => {
  const projects = await t.db
    .selectFrom("projects")
    .where("organisation_id", "in", ids)
    .select(n)
    .executeTakeFirstOrThrow();
  const inAlarm = await t.db
    .selectFrom("faults")
    .where("organisation_id", "in", ids)
    .where("repaired_at", "is", null)
    .select(sql<number>`count(distinct project_id)::int`.as("n"))
    .executeTakeFirstOrThrow();
  const devices = await t.db
    .selectFrom("devices")
    .where("organisation_id", "in", ids)
    .select(["kind", "status"])
    .execute();
  const open = await t.db
    .selectFrom("faults")
    .where("organisation_id", "in", ids)
    .where("repaired_at", "is", null)
    .select(n)
    .executeTakeFirstOrThrow();
  const reports = await t.db
    .selectFrom("repair_reports")
    .where("organisation_id", "in", ids)
    .select("status")
    .execute();
  const links =
    parent === null
      ? null
      : await t.db
          .selectFrom("sub_distributor_links")
          .where("parent_organisation_id", "=", parent)
          .select("status")
          .execute();
  return {
    projects: { total: Number(projects.n), inAlarm: Number(inAlarm.n) },
    devices: ["himit", "hidom", "smarttouch", "checker"].map((kind) => {
      const ofKind = devices.filter((d) => d.kind === kind);
      const offline = ofKind.filter((d) => d.status === "offline").length;
      return { kind, total: ofKind.length, online: ofKind.length - offline, offline };
    }),
    open: Number(open.n),
    repairReports: [0, 1, 2].map((s) => reports.filter((r) => r.status === s).length),
    subDistributors: links ? [0, 1, 2, 3, 4].map((s) => links.filter((l) => l.status === s).length) : null,
  };
};

beforeAll(async () => {
  t = await createTestApp();
  org.distributor = await orgId("Demo Distributor");
  org.sub = await orgId("Demo Sub-distributor");
  org.other = await orgId("Other Distributor");
  tokens.distributor = await t.moduleToken("distributor@example.com", 2);
  tokens.sub = await t.moduleToken("subdistributor@example.com", 2);
  tokens.other = await t.moduleToken("other@example.com", 2);
  tokens.checker = await t.moduleToken("checker@example.com", 5);
});
afterAll(() => t.close());

describe("agency dashboard", () => {
  it("gives the distributor its own and its sub-distributor's numbers, matching the database", async () => {
    const token = tokens.distributor;
    const res = await t.get<Dashboard>(DASHBOARD, { utcOffsetMinutes: 480 }, token);
    expect(res.status).toBe(200);
    const data = res.body.data;
    const want = await expected([org.distributor, org.sub], org.distributor);
    expect(data.projects).toEqual(want.projects);
    expect(data.projects.inAlarm).toBeGreaterThan(0);
    expect(data.projects.inAlarm).toBeLessThan(data.projects.total);
    expect(data.devices).toEqual(want.devices);
    expect(data.faults.open).toBe(want.open);
    expect(data.repairReports).toEqual(want.repairReports);
    expect(data.subDistributors).toEqual(want.subDistributors);
  });

  it("charts faults per day over the last 30 local days, and ranks the codes of those days", async () => {
    const token = tokens.distributor;
    const data = (await t.get<Dashboard>(DASHBOARD, { utcOffsetMinutes: 480 }, token)).body.data;
    // The test clock is 2026-03-01 08:00 UTC, i.e. 16:00 in UTC+8.
    expect(data.faultsPerDay).toHaveLength(30);
    expect(data.faultsPerDay[0]?.day).toBe("2026-01-31");
    expect(data.faultsPerDay.at(-1)?.day).toBe("2026-03-01");
    const since = new Date("2026-01-30T16:00:00Z");
    const window = await t.db
      .selectFrom("faults")
      .where("organisation_id", "in", [org.distributor, org.sub])
      .where("occurred_at", ">=", since)
      .select(n)
      .executeTakeFirstOrThrow();
    expect(data.faults.lastDays).toBe(Number(window.n));
    expect(data.faultsPerDay.reduce((sum, d) => sum + d.total, 0)).toBe(Number(window.n));

    expect(data.topCodes.length).toBeGreaterThan(0);
    expect(data.topCodes.length).toBeLessThanOrEqual(7);
    const top = data.topCodes[0];
    const topCount = await t.db
      .selectFrom("faults")
      .where("organisation_id", "in", [org.distributor, org.sub])
      .where("occurred_at", ">=", since)
      .where("code", "=", top?.code as string)
      .select(n)
      .executeTakeFirstOrThrow();
    expect(top?.total).toBe(Number(topCount.n));
    expect(top?.name).toBeTruthy();
  });

  it("shows a sub-distributor only its own numbers and no sub-distributor card", async () => {
    const token = tokens.sub;
    const data = (await t.get<Dashboard>(DASHBOARD, {}, token)).body.data;
    const want = await expected([org.sub], null);
    expect(data.subDistributors).toBeNull();
    expect(data.projects).toEqual(want.projects);
    expect(data.devices).toEqual(want.devices);
    expect(data.faults.open).toBe(want.open);
    expect(data.repairReports).toEqual(want.repairReports);
  });

  it("keeps another tenant's numbers apart", async () => {
    const token = tokens.other;
    const data = (await t.get<Dashboard>(DASHBOARD, {}, token)).body.data;
    const want = await expected([org.other], org.other);
    expect(data.projects).toEqual(want.projects);
    expect(data.faults.open).toBe(want.open);
    expect(data.subDistributors).toEqual(want.subDistributors);
  });

  it("refuses a bad offset (400), no session (401) and a Hi-Checker token (403)", async () => {
    const token = tokens.distributor;
    expect((await t.get(DASHBOARD, { utcOffsetMinutes: "east" }, token)).status).toBe(400);
    expect((await t.get(DASHBOARD, { utcOffsetMinutes: 900 }, token)).status).toBe(400);
    const none = await t.get(DASHBOARD, {});
    expect(none.status).toBe(401);
    const wrong = await t.get(DASHBOARD, {}, tokens.checker);
    expect(wrong.status).toBe(403);
    expect(wrong.body.errorCode).toBe(700003);
  });
});
