import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DemoOrganisations, demoCallers } from "./helpers/demo-callers.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

const LIST = "/hmt-web/distributor/project/list";

let t: TestApp;
let token: string;
let orgs: DemoOrganisations;

beforeAll(async () => {
  t = await createTestApp();
  const callers = await demoCallers(t);
  token = callers.tokens.distributor;
  orgs = callers.orgs;
  // Ties to break: several projects share an open-fault count and a name across both organisations.
  const [first, second] = await t.db
    .selectFrom("projects")
    .where("organisation_id", "in", [orgs.distributor, orgs.sub])
    .select("id")
    .orderBy("id")
    .limit(4)
    .execute();
  await t.db
    .updateTable("projects")
    .set({ name: "Same Name Plaza" })
    .where("id", "in", [Number(first?.id), Number(second?.id)])
    .execute();
});
afterAll(async () => {
  await t.close();
});

const columns = { alarmCount: "open_fault_count", name: "name", code: "code", createdAt: "created_at" } as const;

/** Every project of the distributor's scope in the order asked for, straight from the table. */
const expectedOrder = async (column: string, direction: "asc" | "desc") =>
  (
    await sql<{ id: string }>`select id from projects where organisation_id in (${orgs.distributor}, ${orgs.sub})
      order by ${sql.raw(column)} ${sql.raw(direction)}, id ${sql.raw(direction)}`.execute(t.db)
  ).rows.map((r) => Number(r.id));

describe("the project list sorted across a distributor and its sub-distributors", () => {
  for (const sort of Object.keys(columns) as (keyof typeof columns)[]) {
    for (const order of ["ascend", "descend"] as const) {
      it(`pages by ${sort} ${order} exactly as the rows sort, page after page`, async () => {
        const expected = await expectedOrder(columns[sort], order === "ascend" ? "asc" : "desc");
        expect(expected.length).toBeGreaterThan(14);
        const seen: number[] = [];
        for (let pageNum = 1; seen.length < expected.length; pageNum++) {
          const res = await t.post<{ list: { id: number }[]; total: number }>(
            LIST,
            { pageNum, pageSize: 7, sort, order },
            token,
          );
          expect(res.body.data.total).toBe(expected.length);
          expect(res.body.data.list.length).toBeGreaterThan(0);
          seen.push(...res.body.data.list.map((p) => p.id));
        }
        expect(seen).toEqual(expected);
      });
    }
  }
});
