import { randomBytes } from "node:crypto";
import { CompiledQuery, type Generated, type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db, openDb } from "../../src/db/open.ts";
import { openPipelinedConnection, type PipelinedConnection } from "../../src/db/pipelined-connection.ts";
import { admin, adminUrl } from "./helpers/scratch-database.ts";

// The device writer's lanes (decision 0005) send a batch's statements pipelined: those that do not
// need each other's answers go out together. What the writer relies on: PostgreSQL runs them in
// the order they were issued, whichever Kysely call issued them; a failed one fails the commit and
// leaves nothing written; a lost connection is replaced at the next transaction.
type Probe = Kysely<{ probe: { id: Generated<number>; value: number } }>;
const schema = `pipeline_${randomBytes(4).toString("hex")}`;
let db: Db;
let connection: PipelinedConnection;

const values = async () =>
  (await sql<{ value: number }>`SELECT value FROM probe ORDER BY id`.execute(db)).rows.map((r) => r.value);

beforeAll(async () => {
  await admin((client) => client.query(`CREATE SCHEMA ${schema}`));
  db = openDb({ databaseUrl: adminUrl(), schema });
  await sql`CREATE TABLE probe (id serial PRIMARY KEY, value integer NOT NULL)`.execute(db);
  connection = openPipelinedConnection(db);
});
afterAll(async () => {
  await connection.close();
  await db.destroy();
  await admin((client) => client.query(`DROP SCHEMA ${schema} CASCADE`));
});

describe("a pipelined batch transaction on PostgreSQL", () => {
  it("runs statements issued side by side in the order issued, whichever Kysely call issued them", async () => {
    await sql`DELETE FROM probe`.execute(db);
    const transaction = await connection.begin();
    const tx = transaction.db as unknown as Probe;
    // Each reads what the one before it wrote: out of order, a read would miss a row.
    const counts = await Promise.all([
      sql`INSERT INTO probe (value) VALUES (1)`.execute(tx),
      tx.insertInto("probe").values({ value: 2 }).execute(),
      tx.executeQuery(CompiledQuery.raw("INSERT INTO probe (value) VALUES ($1)", [3])),
      sql<{ n: number }>`SELECT count(*)::int AS n FROM probe`.execute(tx),
      tx.insertInto("probe").values({ value: 4 }).execute(),
      sql<{ n: number }>`SELECT count(*)::int AS n FROM probe`.execute(tx),
    ]);
    await transaction.commit();
    expect([(counts[3].rows[0] as { n: number }).n, (counts[5].rows[0] as { n: number }).n]).toEqual([3, 4]);
    expect(await values()).toEqual([1, 2, 3, 4]);
  });

  it("fails the commit with the first failure and writes nothing; the next transaction works", async () => {
    await sql`DELETE FROM probe`.execute(db);
    const transaction = await connection.begin();
    const results = await Promise.allSettled([
      sql`INSERT INTO probe (value) VALUES (1)`.execute(transaction.db),
      sql`SELECT 1 / 0`.execute(transaction.db),
      sql`INSERT INTO probe (value) VALUES (3)`.execute(transaction.db),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "rejected"]);
    // The statement after the failure is refused for the aborted transaction.
    expect((results[2] as PromiseRejectedResult).reason).toMatchObject({ code: "25P02" });
    // COMMIT of an aborted transaction rolls back without an error of its own: the failure is reported.
    await expect(transaction.commit()).rejects.toMatchObject({ code: "22012" });
    expect(await values()).toEqual([]);

    const next = await connection.begin();
    await (next.db as unknown as Probe).insertInto("probe").values({ value: 7 }).execute();
    await next.commit();
    expect(await values()).toEqual([7]);
  });

  it("reports a failure whose statement nobody awaited, at the commit", async () => {
    await sql`DELETE FROM probe`.execute(db);
    const transaction = await connection.begin();
    // Its outcome is kept, not awaited, before the commit.
    const failing = sql`INSERT INTO probe (value) VALUES (NULL)`.execute(transaction.db).then(
      () => null,
      (error: unknown) => error,
    );
    await expect(transaction.commit()).rejects.toMatchObject({ code: "23502" });
    expect(await failing).toMatchObject({ code: "23502" });
    expect(await values()).toEqual([]);
  });

  it("replaces a connection PostgreSQL dropped, at the next transaction", async () => {
    const first = await connection.begin();
    const pid = (await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(first.db)).rows[0]?.pid;
    await first.commit();
    await admin((client) => client.query("SELECT pg_terminate_backend($1)", [pid]));
    await sql`DELETE FROM probe`.execute(db);

    // The client may learn of the loss only from the next statement, which then fails: the writer
    // retries a batch, and the retry gets a new connection.
    const outcomes: string[] = [];
    for (let attempt = 0; attempt < 3 && !outcomes.includes("committed"); attempt++) {
      try {
        const transaction = await connection.begin();
        try {
          await sql`INSERT INTO probe (value) VALUES (9)`.execute(transaction.db);
          await transaction.commit();
          outcomes.push("committed");
        } catch (error) {
          await transaction.rollback();
          throw error;
        }
      } catch {
        outcomes.push("failed");
      }
    }
    expect(outcomes.at(-1)).toBe("committed");
    expect(await values()).toEqual([9]);
    const after = await connection.begin();
    const newPid = (await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(after.db)).rows[0]?.pid;
    await after.commit();
    expect(newPid).not.toBe(pid);
  });
});
