import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFaultCountsRepository } from "../src/modules/faults/fault-counts.repository.ts";
import { recountedCounts } from "./helpers/recounted-counts.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

// The counts lists, statistics and the dashboard read are kept by triggers (0006_list_counts).
// Whatever happens to the rows, they must equal counting the rows.

let t: TestApp;
let orgs: number[];

const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp();
  orgs = (await t.db.selectFrom("organisations").select("id").orderBy("id").execute()).map((r) => r.id);
});
afterAll(() => t.close());

/** What the triggers should have, recomputed from the rows. */
const recomputed = () => recountedCounts(t.db);

async function rawCounts(filters: { organisationIds: number[]; code?: string; from?: Date; to?: Date }) {
  let query = t.db.selectFrom("faults").where("organisation_id", "in", filters.organisationIds);
  if (filters.code) query = query.where("code", "=", filters.code);
  if (filters.from) query = query.where("occurred_at", ">=", filters.from);
  if (filters.to) query = query.where("occurred_at", "<", filters.to);
  return query;
}

describe("maintained counts", () => {
  it("match the rows after the demo data, and after inserts, repairs, moves and deletes", async () => {
    expect((await recomputed()).kept).toEqual((await recomputed()).expected);

    const device = await t.db
      .selectFrom("devices")
      .where("organisation_id", "=", orgs[0] as number)
      .where("project_id", "is not", null)
      .select(["id", "project_id", "organisation_id"])
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const otherProject = await t.db
      .selectFrom("projects")
      .where("organisation_id", "=", device.organisation_id)
      .where("id", "<>", device.project_id as number)
      .select("id")
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const at = new Date("2026-02-20T10:07:00Z").getTime();
    // A batch of faults in one statement, as the device link writes them, some open and some not.
    await t.db
      .insertInto("faults")
      .values(
        Array.from({ length: 40 }, (_, i) => ({
          organisation_id: device.organisation_id,
          project_id: device.project_id,
          device_id: device.id,
          code: i % 3 === 0 ? "E01" : "P02",
          occurred_at: new Date(at - i * 37 * 60_000),
          repaired_at: i % 4 === 0 ? null : new Date(at + HOUR),
        })),
      )
      .execute();
    expect((await recomputed()).kept).toEqual((await recomputed()).expected);

    // Repairs, reopenings and a move to another project.
    await t.db
      .updateTable("faults")
      .set({ repaired_at: new Date(at + 2 * HOUR) })
      .where("device_id", "=", device.id)
      .where("code", "=", "E01")
      .execute();
    await t.db
      .updateTable("faults")
      .set({ repaired_at: null })
      .where("device_id", "=", device.id)
      .where("code", "=", "P02")
      .where("occurred_at", "<", new Date(at - 10 * HOUR))
      .execute();
    await t.db
      .updateTable("devices")
      .set({ project_id: otherProject.id, status: "offline" })
      .where("id", "=", device.id)
      .execute();
    await t.db.updateTable("faults").set({ project_id: otherProject.id }).where("device_id", "=", device.id).execute();
    expect((await recomputed()).kept).toEqual((await recomputed()).expected);

    // A device removed takes its units and faults with it; a project added and removed.
    await t.db.deleteFrom("devices").where("id", "=", device.id).execute();
    const project = await t.db
      .insertInto("projects")
      .values({
        organisation_id: orgs[1] as number,
        code: "PCOUNT1",
        name: "Counted",
        contact_person: "A",
        contact_phone: "1",
        created_at: new Date(),
        updated_at: new Date(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect((await recomputed()).kept).toEqual((await recomputed()).expected);
    await t.db.deleteFrom("projects").where("id", "=", project.id).execute();
    expect((await recomputed()).kept).toEqual((await recomputed()).expected);
  });

  it("stay exact when twenty writers change faults and devices at the same moment", async () => {
    const devices = await t.db
      .selectFrom("devices")
      .where("project_id", "is not", null)
      .select(["id", "project_id", "organisation_id"])
      .orderBy("id")
      .limit(20)
      .execute();
    const at = new Date("2026-02-25T06:00:00Z").getTime();
    // On PostgreSQL these run on separate pooled connections, racing for the same counter rows.
    await Promise.all(
      devices.map((device, i) =>
        t.db
          .insertInto("faults")
          .values(
            Array.from({ length: 5 }, (_, k) => ({
              organisation_id: device.organisation_id,
              project_id: device.project_id,
              device_id: device.id,
              code: "E05",
              occurred_at: new Date(at - (i * 5 + k) * 60_000),
              repaired_at: null,
            })),
          )
          .execute(),
      ),
    );
    await Promise.all([
      ...devices.slice(0, 10).map((device) =>
        t.db
          .updateTable("faults")
          .set({ repaired_at: new Date(at + 60_000) })
          .where("device_id", "=", device.id)
          .where("repaired_at", "is", null)
          .execute(),
      ),
      ...devices.slice(10).map((device, i) =>
        t.db
          .updateTable("devices")
          .set({ status: i % 2 === 0 ? "offline" : "online" })
          .where("id", "=", device.id)
          .execute(),
      ),
    ]);
    const { kept, expected } = await recomputed();
    expect(kept).toEqual(expected);
  });

  it("count faults by range, code and local day exactly as the rows do, for any time zone", async () => {
    const counts = createFaultCountsRepository(t.db);
    const organisationIds = orgs.slice(0, 2);
    const ranges = [
      {},
      { from: new Date("2026-01-10T16:00:00Z") },
      { to: new Date("2026-02-01T05:45:00Z") },
      { from: new Date("2026-01-03T07:13:27Z"), to: new Date("2026-02-11T22:59:01Z") },
      { from: new Date("2026-02-01T10:20:00Z"), to: new Date("2026-02-01T10:50:00Z") },
      { from: new Date("2026-02-01T00:00:00Z"), to: new Date("2026-02-02T00:00:00Z") },
    ];
    for (const range of ranges) {
      for (const code of [undefined, "E01"]) {
        const filters = { organisationIds, code, ...range };
        const raw = await rawCounts(filters);
        const total = await raw.select(sql<number>`count(*)::int`.as("n")).executeTakeFirstOrThrow();
        const open = await raw
          .where("repaired_at", "is", null)
          .select(sql<number>`count(*)::int`.as("n"))
          .executeTakeFirstOrThrow();
        expect(await counts.totals(filters)).toEqual({ total: Number(total.n), open: Number(open.n) });

        const byCode = await raw
          .select([
            "code",
            sql<number>`count(*)::int`.as("total"),
            sql<number>`(count(*) filter (where repaired_at is null))::int`.as("open"),
          ])
          .groupBy("code")
          .execute();
        const sortByCode = (rows: { code: string; total: number; open: number }[]) =>
          rows
            .map((r) => ({ code: r.code, total: Number(r.total), open: Number(r.open) }))
            .sort((a, b) => a.code.localeCompare(b.code));
        expect(sortByCode(await counts.byCode(filters))).toEqual(sortByCode(byCode));

        for (const offset of [0, 480, -300, 330, 345, -570]) {
          const day = sql<string>`to_char(((occurred_at AT TIME ZONE 'UTC') + make_interval(mins => ${sql.lit(offset)}))::date, 'YYYY-MM-DD')`;
          const byDay = await raw
            .select([
              day.as("day"),
              sql<number>`count(*)::int`.as("total"),
              sql<number>`(count(*) filter (where repaired_at is null))::int`.as("open"),
            ])
            .groupBy(day)
            .orderBy(day)
            .execute();
          const bucketed = await counts.byDay(filters, offset);
          // Hour buckets answer per-code days only for whole-hour offsets; the caller counts rows otherwise.
          if (bucketed === undefined) {
            expect(code !== undefined && offset % 60 !== 0).toBe(true);
            continue;
          }
          expect(bucketed.map((d) => ({ ...d, total: Number(d.total), open: Number(d.open) }))).toEqual(
            byDay.map((d) => ({ day: d.day, total: Number(d.total), open: Number(d.open) })),
          );
        }
      }
    }
  });
});
