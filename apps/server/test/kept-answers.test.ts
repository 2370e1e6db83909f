import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DataArea } from "../src/db/data-changes.ts";
import { type DemoOrganisations, demoCallers } from "./helpers/demo-callers.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

const D = "/hmt-web/distributor";

let t: TestApp;
let tokens: Awaited<ReturnType<typeof demoCallers>>["tokens"];
let orgs: DemoOrganisations;

beforeAll(async () => {
  t = await createTestApp();
  ({ tokens, orgs } = await demoCallers(t));
});
afterAll(async () => {
  await t.close();
});

/**
 * Every table an area counts, with a row of the organisation `o` to rewrite (a column set to its
 * own value: an update all the same, as far as the triggers are concerned).
 */
const SOURCES: { table: string; area: DataArea; column: string; of: (o: number) => string; leaf?: true }[] = [
  { table: "projects", area: "projects", column: "name", of: (o) => `organisation_id = ${o}` },
  { table: "organisations", area: "organisations", column: "name", of: (o) => `id = ${o}` },
  { table: "accounts", area: "people", column: "name", of: (o) => `organisation_id = ${o}` },
  { table: "devices", area: "devices", column: "alias", of: (o) => `organisation_id = ${o}` },
  {
    table: "device_bound_users",
    area: "devices",
    column: "created_at",
    of: (o) => `device_id IN (SELECT id FROM devices WHERE organisation_id = ${o})`,
    leaf: true,
  },
  { table: "outdoor_units", area: "units", column: "status", of: (o) => `organisation_id = ${o}` },
  { table: "indoor_units", area: "units", column: "status", of: (o) => `organisation_id = ${o}` },
  { table: "faults", area: "faults", column: "code", of: (o) => `organisation_id = ${o}`, leaf: true },
  { table: "repair_reports", area: "repairs", column: "content", of: (o) => `organisation_id = ${o}` },
  {
    table: "repair_report_notes",
    area: "repairs",
    column: "note",
    of: (o) => `report_id IN (SELECT id FROM repair_reports WHERE organisation_id = ${o})`,
    leaf: true,
  },
  {
    table: "sub_distributor_links",
    area: "partners",
    column: "note",
    of: (o) => `parent_organisation_id = ${o}`,
  },
  {
    table: "sub_distributor_events",
    area: "partners",
    column: "reason",
    of: (o) => `link_id IN (SELECT id FROM sub_distributor_links WHERE parent_organisation_id = ${o})`,
    leaf: true,
  },
  { table: "security_events", area: "security", column: "type", of: (o) => `organisation_id = ${o}`, leaf: true },
];

const readVersion = (organisationIds: number[], areas: DataArea[]) =>
  t.app.services.dataVersions.read(organisationIds, areas);
const version = (organisationId: number, area: DataArea) => readVersion([organisationId], [area]);

/** Rewrites one row of `table` matching `where` in `statement` form (insert, update or delete); returns rows touched. */
async function touch(statement: "update" | "delete+insert", table: string, column: string, where: string) {
  const ctid = sql.raw(`(SELECT ctid FROM ${table} WHERE ${where} LIMIT 1)`);
  if (statement === "update") {
    const res =
      await sql`UPDATE ${sql.table(table)} SET ${sql.ref(column)} = ${sql.ref(column)} WHERE ctid = ${ctid}`.execute(
        t.db,
      );
    return Number(res.numAffectedRows ?? 0);
  }
  // The same row deleted and written back: a delete and an insert, each counted.
  const res = await sql`WITH gone AS (DELETE FROM ${sql.table(table)} WHERE ctid = ${ctid} RETURNING *)
    INSERT INTO ${sql.table(table)} SELECT * FROM gone`.execute(t.db);
  return Number(res.numAffectedRows ?? 0);
}

/** One page of a list as the wire carries it. */
const page = async (url: string, token: string, etag?: string, body?: unknown) => {
  const res = await t.app.inject({
    method: body === undefined ? "GET" : "POST",
    url,
    headers: { authorization: `Bearer ${token}`, ...(etag ? { "if-none-match": etag } : {}) },
    ...(body === undefined ? {} : { payload: body as object }),
  });
  return {
    status: res.statusCode,
    etag: String(res.headers.etag ?? ""),
    data: (res.statusCode === 200 ? (res.json() as { data: Record<string, unknown> }).data : {}) as Record<
      string,
      unknown
    >,
  };
};

describe("data versions (what a kept answer is valid for)", () => {
  it("rise with every insert, update and delete of each area's tables, for the row's organisation only", async () => {
    const security = await t.db
      .selectFrom("security_events")
      .where("organisation_id", "=", orgs.distributor)
      .select("id")
      .executeTakeFirst();
    if (!security) {
      await t.db
        .insertInto("security_events")
        .values({ organisation_id: orgs.distributor, type: "sign_in", detail: "{}", created_at: t.clock.now() })
        .execute();
    }
    // The checker engineer bound to one of the distributor's checkers.
    const checker = await t.db
      .selectFrom("devices")
      .where("organisation_id", "=", orgs.distributor)
      .where("kind", "=", "checker")
      .select("id")
      .executeTakeFirstOrThrow();
    const engineer = await t.db
      .selectFrom("accounts")
      .where("email", "=", "checker@example.com")
      .select("id")
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto("device_bound_users")
      .values({ device_id: checker.id, account_id: engineer.id, created_at: t.clock.now() })
      .onConflict((oc) => oc.doNothing())
      .execute();
    for (const source of SOURCES) {
      // Rows others depend on (an account's sessions, an organisation's everything) are only updated.
      for (const statement of source.leaf ? (["update", "delete+insert"] as const) : (["update"] as const)) {
        const mine = await version(orgs.distributor, source.area);
        const others = await version(orgs.other, source.area);
        const touched = await touch(statement, source.table, source.column, source.of(orgs.distributor));
        expect(touched, `a demo row of ${source.table}`).toBe(1);
        expect(BigInt(await version(orgs.distributor, source.area)), `${source.table} ${statement}`).toBeGreaterThan(
          BigInt(mine),
        );
        expect(await version(orgs.other, source.area), `${source.table} ${statement}, other tenant`).toBe(others);
      }
    }
  });

  it("count a sub-distributor's link for both sides, and sum over a scope and its areas", async () => {
    const link = await t.db
      .selectFrom("sub_distributor_links")
      .where("parent_organisation_id", "=", orgs.distributor)
      .select(["id", "child_organisation_id"])
      .executeTakeFirstOrThrow();
    const child = Number(link.child_organisation_id);
    const [parentBefore, childBefore, both] = await Promise.all([
      version(orgs.distributor, "partners"),
      version(child, "partners"),
      readVersion([orgs.distributor, child], ["partners", "projects"]),
    ]);
    await t.db.updateTable("sub_distributor_links").set({ note: "kept answers" }).where("id", "=", link.id).execute();
    expect(BigInt(await version(orgs.distributor, "partners"))).toBe(BigInt(parentBefore) + 1n);
    expect(BigInt(await version(child, "partners"))).toBe(BigInt(childBefore) + 1n);
    expect(BigInt(await readVersion([orgs.distributor, child], ["partners", "projects"]))).toBe(BigInt(both) + 2n);
    // An organisation with no changes counted yet reads as version 0.
    expect(await readVersion([-1], ["projects"])).toBe("0");
  });
});

describe("kept list answers", () => {
  const LIST = `${D}/project/list`;
  const query = { pageNum: 1, pageSize: 20 };

  it("answer again from the kept answer (same ETag, 304 to a client that holds it) until the scope changes", async () => {
    const first = await page(LIST, tokens.distributor, undefined, query);
    expect(first.status).toBe(200);
    expect(first.etag).toMatch(/^"[\w-]+"$/);
    const again = await page(LIST, tokens.distributor, undefined, query);
    expect(again.etag).toBe(first.etag);
    expect(again.data).toEqual(first.data);
    expect((await page(LIST, tokens.distributor, first.etag, query)).status).toBe(304);
    // Another page, or the token sent in the body as well, is a different question with its own answer.
    expect((await page(LIST, tokens.distributor, undefined, { ...query, pageSize: 10 })).etag).not.toBe(first.etag);
    expect((await page(LIST, tokens.distributor, undefined, { ...query, accessToken: tokens.distributor })).etag).toBe(
      first.etag,
    );

    // A rename through the API: the next answer shows it at once.
    const [top] = (first.data.list ?? []) as { id: number; name: string }[];
    if (!top) throw new Error("the demo distributor has projects");
    const detail = await t.get<Record<string, unknown>>(`${D}/project/detail`, { id: top.id }, tokens.distributor);
    expect(detail.body.errorCode).toBe(0);
    const renamed = `${top.name} (renamed)`;
    await t.db.updateTable("projects").set({ name: renamed }).where("id", "=", top.id).execute();
    const after = await page(LIST, tokens.distributor, first.etag, query);
    expect(after.status).toBe(200);
    expect(after.etag).not.toBe(first.etag);
    expect((after.data.list as { id: number; name: string }[]).find((p) => p.id === top.id)?.name).toBe(renamed);

    // An organisation renamed on the team page shows in the list too.
    await t.db
      .updateTable("organisations")
      .set({ name: "Demo Distributor Ltd" })
      .where("id", "=", orgs.distributor)
      .execute();
    const renamedOrg = await page(LIST, tokens.distributor, after.etag, query);
    expect(renamedOrg.status).toBe(200);
    expect((renamedOrg.data.list as { organisationName: string }[])[0]?.organisationName).toBe("Demo Distributor Ltd");
    await t.db
      .updateTable("organisations")
      .set({ name: "Demo Distributor" })
      .where("id", "=", orgs.distributor)
      .execute();
  });

  it("are kept per scope: never another tenant's, and another tenant's change leaves them", async () => {
    const mine = await page(LIST, tokens.distributor, undefined, query);
    const theirs = await page(LIST, tokens.other, undefined, query);
    expect(theirs.etag).not.toBe(mine.etag);
    const ids = (p: typeof mine) => (p.data.list as { organisationId: number }[]).map((r) => r.organisationId);
    expect(new Set(ids(theirs))).toEqual(new Set([orgs.other]));
    expect(ids(mine)).not.toContain(orgs.other);
    // The sub-distributor sees its own projects only, from an answer of its own.
    const sub = await page(LIST, tokens.sub, undefined, query);
    expect(new Set(ids(sub))).toEqual(new Set([orgs.sub]));

    await t.db
      .updateTable("projects")
      .set({ address: "Elsewhere 1" })
      .where("organisation_id", "=", orgs.other)
      .execute();
    expect((await page(LIST, tokens.distributor, mine.etag, query)).status).toBe(304);
    expect((await page(LIST, tokens.other, theirs.etag, query)).status).toBe(200);
  });

  it("that count by the day are kept within the minute only", async () => {
    const DASHBOARD = `${D}/agency/dashboard?utcOffsetMinutes=480`;
    const first = await page(DASHBOARD, tokens.distributor);
    expect(first.status).toBe(200);
    expect((await page(DASHBOARD, tokens.distributor, first.etag)).status).toBe(304);
    t.clock.advance(60_000);
    const later = await page(DASHBOARD, tokens.distributor, first.etag);
    expect(later.status).toBe(200);
    expect(later.etag).not.toBe(first.etag);
  });

  it("follow a device's faults: a fault opened shows in the fault list and the dashboard at once", async () => {
    const FAULTS = `${D}/faults/list?state=open&pageNum=1&pageSize=20`;
    const DASHBOARD = `${D}/agency/dashboard?utcOffsetMinutes=480`;
    const [faults, dashboard] = await Promise.all([
      page(FAULTS, tokens.distributor),
      page(DASHBOARD, tokens.distributor),
    ]);
    const device = await t.db
      .selectFrom("devices")
      .where("organisation_id", "=", orgs.distributor)
      .where("project_id", "is not", null)
      .select(["id", "project_id"])
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto("faults")
      .values({
        organisation_id: orgs.distributor,
        project_id: device.project_id,
        device_id: device.id,
        code: "E01",
        occurred_at: t.clock.now(),
        repaired_at: null,
      })
      .execute();
    const faultsAfter = await page(FAULTS, tokens.distributor, faults.etag);
    expect(faultsAfter.status).toBe(200);
    expect(faultsAfter.data.total).toBe((faults.data.total as number) + 1);
    const dashboardAfter = await page(DASHBOARD, tokens.distributor, dashboard.etag);
    expect(dashboardAfter.status).toBe(200);
    const open = (p: typeof dashboard) => (p.data.faults as { open: number }).open;
    expect(open(dashboardAfter)).toBe(open(dashboard) + 1);
  });
});
