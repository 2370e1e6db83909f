import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_PER_CONNECTION, preparedQuery } from "../../src/db/prepared-statements.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

const D = "/hmt-web/distributor";

interface Prepared {
  statement: string;
  generic_plans: number;
  custom_plans: number;
}

/** What the app's one page connection holds prepared (the query itself has no parameters, so it is not one of them). */
const preparedOn = async (t: TestApp): Promise<Prepared[]> =>
  (
    await sql<Prepared>`select statement, generic_plans::int, custom_plans::int from pg_prepared_statements`.execute(
      t.db,
    )
  ).rows;

/**
 * A change to the distributor's projects, devices and faults: the lists' kept answers (decision
 * 0011) are then out of date, and each list is built again.
 */
const changeTheLists = async (t: TestApp) => {
  const own = sql`(SELECT organisation_id FROM accounts WHERE email = 'distributor@example.com')`;
  for (const [table, column] of [
    ["projects", "name"],
    ["devices", "alias"],
    ["faults", "code"],
  ] as const) {
    await sql`UPDATE ${sql.table(table)} SET ${sql.ref(column)} = ${sql.ref(column)}
      WHERE id = (SELECT min(id) FROM ${sql.table(table)} WHERE organisation_id = ${own})`.execute(t.db);
  }
};

/** The first page of each list a distributor opens, built a few more times than PostgreSQL's five custom plans. */
const openListsRepeatedly = async (t: TestApp, token: string) => {
  const page = { pageNum: 1, pageSize: 20 };
  for (let i = 0; i < 8; i++) {
    await changeTheLists(t);
    expect((await t.post(`${D}/project/list`, page, token)).body.errorCode).toBe(0);
    expect((await t.get(`${D}/devices/list`, { kind: "himit", ...page }, token)).body.errorCode).toBe(0);
    expect((await t.get(`${D}/faults/list`, page, token)).body.errorCode).toBe(0);
  }
};

describe("statements are prepared once per connection and keep a generic plan", () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    // One page connection, so every call below runs on the connection the checks read; every call
    // looks its session up (no cached lookups), so the lookup runs as often as the lists.
    t = await createTestApp({ database: { poolSize: 1 }, sessionCacheMs: 0 });
    token = await t.moduleToken("distributor@example.com", 2);
    await openListsRepeatedly(t, token);
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each([
    ["the session lookup", /from "sessions" as "s"/],
    ["the project list", /from "projects" as "p"/],
    ["the Hi-Mit list", /from "devices" as "d"/],
    ["the fault list", /from "faults" as "f"/],
  ])("plans %s once and then reuses it", async (_what, text) => {
    const statements = (await preparedOn(t)).filter((p) => text.test(p.statement));
    expect(statements.length).toBeGreaterThan(0);
    // A page's plan is kept only when its bounds are in the text (db/page-bound.ts).
    expect(statements.some((p) => p.generic_plans > 0)).toBe(true);
    expect(statements.every((p) => p.statement.match(/limit \$\d/i) === null)).toBe(true);
  });

  it("sends page bounds in the text, so each page is its own statement", async () => {
    await changeTheLists(t);
    await t.post(`${D}/project/list`, { pageNum: 3, pageSize: 10 }, token);
    const texts = (await preparedOn(t)).map((p) => p.statement).filter((s) => /from "projects" as "p"/.test(s));
    expect(texts.some((s) => /limit 10 offset 20/i.test(s))).toBe(true);
  });
});

describe("DATABASE_PREPARED_STATEMENTS=off", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ database: { poolSize: 1, preparedStatements: false } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("sends every statement unnamed", async () => {
    await openListsRepeatedly(t, await t.moduleToken("distributor@example.com", 2));
    expect(await preparedOn(t)).toEqual([]);
  });
});

describe("the bound on a connection's prepared statements", () => {
  let client: pg.Client;

  beforeAll(async () => {
    client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
  });

  it("prepares at most MAX_PER_CONNECTION statements and runs the rest unnamed, with the right answers", async () => {
    for (let i = 0; i < MAX_PER_CONNECTION + 20; i++) {
      const { rows } = await client.query<{ n: number }>(preparedQuery(client, `select $1::int + ${i} as n`, [1]));
      expect(rows[0]?.n).toBe(i + 1);
    }
    // One already prepared still runs by its name once the bound is reached.
    const again = await client.query<{ n: number }>(preparedQuery(client, "select $1::int + 0 as n", [5]));
    expect(again.rows[0]?.n).toBe(5);
    const { rows } = await client.query<{ n: number }>("select count(*)::int as n from pg_prepared_statements");
    expect(rows[0]?.n).toBe(MAX_PER_CONNECTION);
  });

  it("keeps statements without parameters on the simple protocol, where several may be sent at once", async () => {
    const config = preparedQuery(client, "select 1; select 2", []);
    expect(config.name).toBeUndefined();
    await expect(client.query(config)).resolves.toBeDefined();
  });
});
