import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient } from "kysely";
import { PGliteDialect } from "kysely-pglite-dialect";
import pg from "pg";
import type { Database } from "./schema.ts";
import { DatabaseUnavailableError, isConnectionLoss } from "./unavailable.ts";

export type Db = Kysely<Database>;

// bigint ids and counts arrive as strings from node-postgres; ours fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export interface OpenDbOptions {
  /** postgres://... to use PostgreSQL; otherwise PGlite. */
  databaseUrl?: string;
  /** PGlite folder; omitted = in memory. */
  dataDir?: string;
  /** PostgreSQL schema to work in (tests use one per run). */
  schema?: string;
  /** How long a query waits for a PostgreSQL connection before it fails as unavailable. */
  connectTimeoutMs?: number;
  /** Told when PostgreSQL drops a pooled connection (restart, terminated backend); the pool replaces it. */
  onConnectionError?: (error: Error) => void;
}

/** Long enough for a busy server to hand out a connection, short enough that a request answers 503 in time. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 3_000;

export function openDb(options: OpenDbOptions): Db {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    const onConnectionError = options.onConnectionError ?? (() => {});
    // An idle pooled connection that PostgreSQL drops is an 'error' event on the pool; unheard, it
    // ends the process. The pool has already discarded the connection, so reporting it is enough.
    pool.on("error", (error) => onConnectionError(error));
    // A checked-out connection reports its loss on the client, where the pool does not listen
    // (between two statements of a transaction, or just after a failed query). The statement that
    // uses it next fails and is answered 503; the pool drops it on release.
    pool.on("connect", (client) => client.on("error", () => {}));
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool: reportingUnavailability(pool) }) });
  }
  let pglite: PGlite;
  if (options.dataDir) {
    const dir = join(options.dataDir, "pglite");
    mkdirSync(dir, { recursive: true });
    pglite = new PGlite(dir);
  } else {
    pglite = new PGlite();
  }
  return new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
}

const asUnavailable = (error: unknown): unknown =>
  isConnectionLoss(error) ? new DatabaseUnavailableError(error) : error;

/**
 * The pool as Kysely sees it, with connection failures turned into DatabaseUnavailableError so the
 * app answers 503 for them, and for nothing else that merely shares an error code (a mail server's
 * ECONNREFUSED, say).
 */
const reportingUnavailability = (pool: pg.Pool): PostgresPool => {
  const wrapped = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    let view = wrapped.get(client);
    if (!view) {
      view = {
        query: ((...args: Parameters<pg.PoolClient["query"]>) => {
          const result: unknown = client.query(...args);
          // A cursor query returns the cursor itself, not a promise.
          return result instanceof Promise
            ? result.catch((error: unknown) => {
                throw asUnavailable(error);
              })
            : result;
        }) as PostgresPoolClient["query"],
        // pg-pool gives the client a new release function on every checkout: look it up each time.
        release: () => client.release(),
      };
      wrapped.set(client, view);
    }
    return view;
  };
  return {
    // Whatever stops us getting a connection (refused, timed out, "not accepting connections", too
    // many clients) is the database being away, whatever its SQLSTATE.
    connect: () =>
      pool.connect().then(wrap, (error: unknown) => {
        throw new DatabaseUnavailableError(error);
      }),
    end: () => pool.end(),
  };
};
