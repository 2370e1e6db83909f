import { CompiledQuery, type Generated, type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDb } from "./open.ts";
import { openPipelinedConnection, type PipelinedConnection } from "./pipelined-connection.ts";
import type { Database } from "./schema.ts";

// The embedded database has no pipelined connection: the writer's transactions run on its one
// connection, queued in the order issued. What the writer relies on must hold there too.
let db: Kysely<Database>;
let connection: PipelinedConnection;
type Probe = Kysely<{ probe: { id: Generated<number>; value: number } }>;
const values = async () =>
  (await sql<{ value: number }>`SELECT value FROM probe ORDER BY id`.execute(db)).rows.map((r) => r.value);

// Booting the embedded database takes seconds, more beside the other test workers on two cores.
beforeAll(async () => {
  db = openDb({});
  await sql`CREATE TABLE probe (id serial PRIMARY KEY, value integer NOT NULL)`.execute(db);
  connection = openPipelinedConnection(db);
}, 60_000);
afterAll(async () => {
  await connection?.close();
  await db?.destroy();
});

describe("a batch transaction on the embedded database", () => {
  it("runs statements issued side by side in the order issued, and commits them", async () => {
    await sql`DELETE FROM probe`.execute(db);
    const transaction = await connection.begin();
    const tx = transaction.db as unknown as Probe;
    await Promise.all([
      sql`INSERT INTO probe (value) VALUES (1)`.execute(tx),
      tx.insertInto("probe").values({ value: 2 }).execute(),
      tx.executeQuery(CompiledQuery.raw("INSERT INTO probe (value) VALUES ($1)", [3])),
      sql`INSERT INTO probe (value) VALUES (${4})`.execute(tx),
    ]);
    await transaction.commit();
    expect(await values()).toEqual([1, 2, 3, 4]);
  });

  it("writes nothing when a statement fails, and the next transaction works", async () => {
    await sql`DELETE FROM probe`.execute(db);
    const transaction = await connection.begin();
    const tx = transaction.db;
    const results = await Promise.allSettled([
      sql`INSERT INTO probe (value) VALUES (1)`.execute(tx),
      sql`SELECT 1 / 0`.execute(tx),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected"]);
    await transaction.rollback();
    expect(await values()).toEqual([]);

    const next = await connection.begin();
    await (next.db as unknown as Probe).insertInto("probe").values({ value: 7 }).execute();
    await sql`INSERT INTO probe (value) VALUES (8)`.execute(next.db);
    await next.commit();
    expect(await values()).toEqual([7, 8]);
  });
});
