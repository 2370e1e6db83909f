import { type CompiledQuery, type QueryExecutor, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DataArea } from "../src/db/data-changes.ts";
import { createDataVersions, MAX_KEYS_PER_READ } from "../src/db/data-versions.ts";
import type { Db } from "../src/db/open.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Organisations of this file's own counts: far above the demo data's ids. */
const ORG = 9_000_000;
const AREAS: DataArea[] = ["projects", "devices", "units", "faults"];

/** What the reader should answer, from the counts this file wrote. */
const counts = new Map<string, bigint>();
const expected = (organisationIds: number[], areas: DataArea[]) => {
  let sum = 0n;
  for (const o of new Set(organisationIds)) for (const a of new Set(areas)) sum += counts.get(`${o}/${a}`) ?? 0n;
  return String(sum);
};

/** Adds `n` to one counter row, committed on return. */
const count = async (organisationId: number, area: DataArea, shard: number, n: number) => {
  await sql`INSERT INTO data_changes AS c (organisation_id, area, shard, n) VALUES (${organisationId}, ${area}, ${shard}, ${n})
    ON CONFLICT (organisation_id, area, shard) DO UPDATE SET n = c.n + excluded.n`.execute(t.db);
  const key = `${organisationId}/${area}`;
  counts.set(key, (counts.get(key) ?? 0n) + BigInt(n));
};

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
};

/**
 * The test database as the reader sees it, with every statement it sends counted; while `held`
 * is set, a statement's result is kept from the reader until it is released. The statement has
 * run and its connection is free again (PGlite has only the one), so other work goes on.
 */
const observed = (db: Db) => {
  const state = {
    statements: [] as string[],
    held: null as Promise<void> | null,
    /** Resolved when the next statement has run (its snapshot is taken, its rows are back). */
    ran: deferred(),
  };
  const real = db.getExecutor();
  const executor = new Proxy(real, {
    get(target, property) {
      if (property === "executeQuery") {
        return async (query: CompiledQuery) => {
          state.statements.push(query.sql);
          const result = await target.executeQuery(query);
          state.ran.resolve();
          if (state.held) await state.held;
          return result;
        };
      }
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  }) satisfies QueryExecutor;
  const wrapped = new Proxy(db, {
    get(target, property) {
      if (property === "getExecutor") return () => executor;
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { db: wrapped, state };
};

/** Orgs of key `k` in a shuffled order with a repeat, so keys are recognised whatever the order. */
const scopeOf = (k: number, size = 3) => {
  const ids = Array.from({ length: size }, (_, j) => ORG + ((k * 7 + j * 13) % 40));
  return [...ids.slice(1), ids[0] as number, ids[1 % size] as number];
};
const areasOf = (k: number) => AREAS.slice(k % 3, (k % 3) + 2);

describe("the data version reader", () => {
  beforeAll(async () => {
    // 40 organisations, each with some of the areas counted on one or two shards; some have none.
    for (let o = 0; o < 40; o++) {
      if (o % 9 === 4) continue;
      for (const [i, area] of AREAS.entries()) {
        if ((o + i) % 4 === 3) continue;
        await count(ORG + o, area, (o + i) % 8, 1 + ((o * 31 + i * 17) % 97));
        if (o % 5 === 0) await count(ORG + o, area, 7 - ((o + i) % 8), 1000 + o);
      }
    }
  });

  it("answers many concurrent calls for the same and different scopes with two statements", async () => {
    const { db, state } = observed(t.db);
    const versions = createDataVersions(db);
    const calls: { orgs: number[]; areas: DataArea[] }[] = [];
    for (let repeat = 0; repeat < 10; repeat++) {
      for (let k = 0; k < 30; k++) calls.push({ orgs: scopeOf(k), areas: areasOf(k) });
    }
    // A scope with no counts at all, and one with no organisations, read as 0.
    calls.push({ orgs: [ORG + 4, ORG + 13], areas: ["security"] }, { orgs: [], areas: ["projects"] });
    const answers = await Promise.all(calls.map((c) => versions.read(c.orgs, c.areas)));
    expect(answers).toEqual(calls.map((c) => expected(c.orgs, c.areas)));
    expect(answers.at(-1)).toBe("0");
    expect(answers.at(-2)).toBe("0");
    expect(new Set(answers).size).toBeGreaterThan(20);
    // The first call is read at once, on its own; the other 301 wait for that read and share the next.
    expect(state.statements.length).toBe(2);
    // One statement text whatever the batch: it is planned once.
    expect(new Set(state.statements).size).toBe(1);
  });

  it("reads at most a bounded number of scopes per statement", async () => {
    const { db, state } = observed(t.db);
    const versions = createDataVersions(db);
    const keys = 2 * MAX_KEYS_PER_READ + 50;
    // Distinct scopes: two to four organisations each, over the areas in turn.
    const calls = Array.from({ length: keys }, (_, k) => ({
      orgs: [ORG + (k % 40), ORG + ((k >> 3) % 40), ORG + ((k >> 5) % 40), ORG + ((k * 3) % 40)],
      areas: [AREAS[k % 4] as DataArea, AREAS[(k >> 2) % 4] as DataArea],
    }));
    const answers = await Promise.all(calls.map((c) => versions.read(c.orgs, c.areas)));
    expect(answers).toEqual(calls.map((c) => expected(c.orgs, c.areas)));
    // One at once, then the others in reads of at most MAX_KEYS_PER_READ scopes each.
    expect(state.statements.length).toBe(1 + Math.ceil((keys - 1) / MAX_KEYS_PER_READ));
  });

  it("answers a call made while a read runs from a later read, which shows what was committed before the call", async () => {
    const { db, state } = observed(t.db);
    const versions = createDataVersions(db);
    const scope = [ORG + 1, ORG + 2];
    const before = expected(scope, ["projects"]);
    const release = deferred();
    state.held = release.promise;
    state.ran = deferred();
    const early = versions.read(scope, ["projects"]);
    // That read has run: its snapshot is older than the change below. It is still in flight.
    await state.ran.promise;
    await count(ORG + 2, "projects", 3, 5);
    // The same scope, asked for after the change committed.
    const late = versions.read(scope, ["projects"]);
    const other = versions.read([ORG + 2], ["projects", "faults"]);
    // Nothing else is sent while a read is in flight.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(state.statements.length).toBe(1);
    state.held = null;
    release.resolve();
    expect(await early).toBe(before);
    expect(await late).toBe(String(BigInt(before) + 5n));
    expect(await other).toBe(expected([ORG + 2], ["projects", "faults"]));
    expect(state.statements.length).toBe(2);
  });

  it("fails only the calls a failed read carried, and reads again for the next call", async () => {
    const { db, state } = observed(t.db);
    const versions = createDataVersions(db);
    const release = deferred();
    state.held = release.promise;
    state.ran = deferred();
    const carriedByFirst = versions.read([ORG + 1], ["devices"]);
    await state.ran.promise;
    // The table is away while the second read runs: it fails, the first read's answer stands.
    await sql`ALTER TABLE data_changes RENAME TO data_changes_away`.execute(t.db);
    try {
      const carriedBySecond = [versions.read([ORG + 1], ["units"]), versions.read([ORG + 3], ["devices"])];
      const settled = Promise.allSettled(carriedBySecond);
      state.held = null;
      release.resolve();
      expect(await carriedByFirst).toBe(expected([ORG + 1], ["devices"]));
      const outcomes = await settled;
      expect(outcomes.map((o) => o.status)).toEqual(["rejected", "rejected"]);
      expect(String((outcomes[0] as PromiseRejectedResult).reason)).toMatch(/data_changes/);
    } finally {
      await sql`ALTER TABLE data_changes_away RENAME TO data_changes`.execute(t.db);
    }
    expect(await versions.read([ORG + 1], ["units"])).toBe(expected([ORG + 1], ["units"]));
    expect(await versions.read([ORG + 3], ["devices"])).toBe(expected([ORG + 3], ["devices"]));
    expect(state.statements.length).toBe(4);
  });
});
