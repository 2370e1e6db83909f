import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

const DASHBOARD = "/hmt-web/himit-checker/dashboard";

interface Dashboard {
  checkers: { total: number; online: number; offline: number; inTask: number };
  historyTotal: number;
  storage: { usedMb: number; capacityMb: number };
  tasksPerDay: { day: string; capture: number; collection: number; gatheredBytes: number }[];
}

let t: TestApp;
let engineer: string;
let distributorCloud: string;
let demo: number;

beforeAll(async () => {
  t = await createTestApp();
  [engineer, distributorCloud] = await Promise.all([
    t.moduleToken("checker@example.com", 5),
    t.moduleToken("distributor@example.com", 2),
  ]);
  demo = Number(
    (
      await t.db
        .selectFrom("organisations")
        .where("name", "=", "Demo Distributor")
        .select("id")
        .executeTakeFirstOrThrow()
    ).id,
  );
});
afterAll(() => t.close());

const dashboard = async (utcOffsetMinutes = 0, token = engineer) => {
  const res = await t.get<Dashboard>(DASHBOARD, { utcOffsetMinutes }, token);
  expect(res.body.errorCode).toBe(0);
  return res.body.data;
};

describe("the Hi-Checker dashboard", () => {
  it("counts the engineer's checkers as their rows say, and the tasks of the last 30 days by local day", async () => {
    const checkers = await t.db
      .selectFrom("devices")
      .where("organisation_id", "=", demo)
      .where("kind", "=", "checker")
      .select(["id", "status", "used_capacity_mb", "storage_capacity_mb"])
      .orderBy("id")
      .execute();
    expect(checkers.length).toBeGreaterThan(2);
    const [a, b, c] = checkers as [(typeof checkers)[number], (typeof checkers)[number], (typeof checkers)[number]];
    await t.db.updateTable("devices").set({ status: "grabbing" }).where("id", "=", a.id).execute();
    await t.db.updateTable("devices").set({ status: "offline" }).where("id", "=", b.id).execute();
    const rows = await t.db
      .selectFrom("devices")
      .where("organisation_id", "=", demo)
      .where("kind", "=", "checker")
      .select(["status", "used_capacity_mb", "storage_capacity_mb"])
      .execute();

    const now = t.clock.now().getTime();
    const task = (deviceId: number, kind: "capture" | "collection", createdAt: number, ended: boolean) => ({
      id: randomUUID(),
      organisation_id: demo,
      device_id: deviceId,
      kind,
      name: "fixture",
      interval_s: 60,
      end_at: new Date(createdAt + 3_600_000),
      status: ended ? ("finished" as const) : ("running" as const),
      created_at: new Date(createdAt),
      started_at: new Date(createdAt),
      ended_at: ended ? new Date(createdAt + 3_600_000) : null,
      start_command_id: randomUUID(),
      frame_bytes: kind === "capture" ? 1_000 : 0,
    });
    // TEST_NOW is 08:00 UTC: 7 h earlier is 01:00 UTC today, the day before at UTC+8 minus 10 h.
    await t.db
      .insertInto("checker_tasks")
      .values([
        task(Number(a.id), "capture", now - 7 * 3_600_000, true),
        task(Number(a.id), "capture", now - 3_600_000, false),
        task(Number(c.id), "collection", now - 2 * 86_400_000, true),
        task(Number(c.id), "capture", now - 40 * 86_400_000, true),
      ])
      .execute();

    const data = await dashboard();
    expect(data.checkers).toEqual({
      total: rows.length,
      offline: rows.filter((r) => r.status === "offline").length,
      online: rows.filter((r) => r.status !== "offline").length,
      inTask: rows.filter((r) => r.status === "grabbing" || r.status === "collecting").length,
    });
    expect(data.historyTotal).toBe(3);
    expect(data.storage).toEqual({
      usedMb: rows.reduce((sum, r) => sum + (r.used_capacity_mb ?? 0), 0),
      capacityMb: rows.reduce((sum, r) => sum + (r.storage_capacity_mb ?? 0), 0),
    });
    expect(data.tasksPerDay).toHaveLength(30);
    const today = data.tasksPerDay.at(-1);
    expect(today).toEqual({ day: "2026-03-01", capture: 2, collection: 0, gatheredBytes: 2_000 });
    expect(data.tasksPerDay.find((d) => d.day === "2026-02-27")).toMatchObject({ capture: 0, collection: 1 });
    expect(data.tasksPerDay.reduce((sum, d) => sum + d.capture + d.collection, 0)).toBe(3);

    // Twelve hours west of UTC it is still 28 February there: the last day is that one, with both tasks.
    const west = await dashboard(-12 * 60);
    expect(west.tasksPerDay.at(-1)).toMatchObject({ day: "2026-02-28", capture: 2 });
  });

  it("refuses no session (401), a Distributor Cloud session (403) and a bad offset (400)", async () => {
    expect((await t.get(DASHBOARD, { utcOffsetMinutes: 0 })).status).toBe(401);
    expect((await t.get(DASHBOARD, { utcOffsetMinutes: 0 }, distributorCloud)).status).toBe(403);
    expect((await t.get(DASHBOARD, { utcOffsetMinutes: 100_000 }, engineer)).status).toBe(400);
  });
});
