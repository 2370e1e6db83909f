import { sql } from "kysely";
import { arrayLiteral } from "./array-literal.ts";
import type { DataArea } from "./data-changes.ts";
import type { Db } from "./open.ts";
import { newRequestQueries, runForRequest } from "./query-context.ts";

/** Keys one statement reads at most; the rest wait for the next read. */
export const MAX_KEYS_PER_READ = 200;
/** (organisation, area) pairs one statement looks up at most, so a batch of wide scopes stays short. */
const MAX_PAIRS_PER_READ = 10_000;

/**
 * The version of a scope's areas (migration 0019): the sum of their change counts, "0" before any.
 * It only grows, and a write raises it when it commits.
 */
export interface DataVersions {
  read(organisationIds: readonly number[], areas: readonly DataArea[]): Promise<string>;
}

interface Waiting {
  organisationIds: number[];
  areas: string[];
  resolve: (version: string) => void;
  reject: (error: unknown) => void;
  promise: Promise<string>;
}

// Fixed text, parameters only: PostgreSQL plans it once per connection (db/prepared-statements.ts).
// Key i's organisations and areas come as (i, value) pairs; a key without rows is left out.
const readMany = async (db: Db, batch: readonly Waiting[]): Promise<Map<number, string>> => {
  const orgKeys: number[] = [];
  const orgIds: number[] = [];
  const areaKeys: number[] = [];
  const areaNames: string[] = [];
  batch.forEach((key, i) => {
    for (const id of key.organisationIds) {
      orgKeys.push(i);
      orgIds.push(id);
    }
    for (const area of key.areas) {
      areaKeys.push(i);
      areaNames.push(area);
    }
  });
  const { rows } = await sql<{ i: number; n: string }>`
    SELECT o.i, sum(c.n)::text AS n
    FROM unnest(${arrayLiteral(orgKeys)}::int[], ${arrayLiteral(orgIds)}::bigint[]) AS o(i, organisation_id)
    JOIN unnest(${arrayLiteral(areaKeys)}::int[], ${arrayLiteral(areaNames)}::text[]) AS a(i, area) ON a.i = o.i
    JOIN data_changes c ON c.organisation_id = o.organisation_id AND c.area = a.area
    GROUP BY o.i`.execute(db);
  return new Map(rows.map((r) => [Number(r.i), r.n]));
};

const distinctSorted = <T extends number | string>(values: readonly T[]): T[] =>
  [...new Set(values)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/**
 * One reader per database and process: every call of a kept answer reads its scope's version, and
 * under load those reads are the most frequent statement there is. Calls that wait at the same time
 * share one statement, and calls for the same scope and areas share one answer.
 *
 * Still as fresh as a read of one's own: a call never takes the result of a read already running,
 * which may have taken its snapshot before the call began and so miss a change committed before
 * it. It waits for the next read, which starts when the running one ends, so every answer comes
 * from a statement sent after its call was made and shows every change committed before that
 * call, on any instance. At most one read runs at a time, carrying everything that queued
 * meanwhile.
 */
export const createDataVersions = (db: Db): DataVersions => {
  /** Keys waiting for the next read, in the order they were first asked for. */
  const waiting = new Map<string, Waiting>();
  let reading = false;

  const next = () => {
    const batch: Waiting[] = [];
    let pairs = 0;
    for (const [key, entry] of waiting) {
      const size = entry.organisationIds.length * entry.areas.length;
      if (batch.length > 0 && (batch.length === MAX_KEYS_PER_READ || pairs + size > MAX_PAIRS_PER_READ)) break;
      batch.push(entry);
      pairs += size;
      waiting.delete(key);
    }
    reading = true;
    // Outside the asking call's context: one client leaving must not cancel the read of all the others.
    runForRequest(newRequestQueries(), () => readMany(db, batch))
      .then(
        (versions) => {
          for (const [i, entry] of batch.entries()) entry.resolve(versions.get(i) ?? "0");
        },
        (error: unknown) => {
          for (const entry of batch) entry.reject(error);
        },
      )
      .finally(() => {
        reading = false;
        if (waiting.size > 0) next();
      });
  };

  return {
    read(organisationIds, areas) {
      // Distinct, or the statement would add a repeated organisation's counts twice; sorted, so
      // the same scope is one key however the caller lists it.
      const ids = distinctSorted(organisationIds);
      const names = distinctSorted<string>(areas);
      const key = `${ids.join(",")}|${names.join(",")}`;
      let entry = waiting.get(key);
      if (!entry) {
        let resolve!: (version: string) => void;
        let reject!: (error: unknown) => void;
        const promise = new Promise<string>((res, rej) => {
          resolve = res;
          reject = rej;
        });
        entry = { organisationIds: ids, areas: names, resolve, reject, promise };
        waiting.set(key, entry);
      }
      if (!reading) next();
      return entry.promise;
    },
  };
};
