import { spawn } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient } from "kysely";
import { PGliteDialect } from "kysely-pglite-dialect";
import pg from "pg";
import { createPipelinedConnection, registerPipelinedConnections } from "./pipelined-connection.ts";
import { CONNECTION_LIFETIME_S, preparedQuery } from "./prepared-statements.ts";
import {
  currentQueryContext,
  type Lane,
  QueryTimeoutError,
  RequestAbandonedError,
  type RequestQueries,
} from "./query-context.ts";
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
  /**
   * PGlite: a database to start from, as PGlite's `dumpDataDir` wrote it, instead of an empty one
   * (the tests load one migrated and seeded database rather than build it for each app).
   */
  loadDataDir?: Blob;
  /** PostgreSQL schema to work in (tests use one per run). */
  schema?: string;
  /** How long a query waits for a PostgreSQL connection before it fails as unavailable. */
  connectTimeoutMs?: number;
  /** Told when PostgreSQL drops a pooled connection (restart, terminated backend); the pool replaces it. */
  onConnectionError?: (error: Error) => void;
  /** Connections for pages and forms (DATABASE_POOL_SIZE). */
  poolSize?: number;
  /** Connections for exports, statistics and the daily report (DATABASE_REPORT_POOL_SIZE). */
  reportPoolSize?: number;
  /** statement_timeout of the interactive pool, ms (DATABASE_STATEMENT_TIMEOUT_MS). */
  statementTimeoutMs?: number;
  /** statement_timeout of the report pool, ms (DATABASE_REPORT_STATEMENT_TIMEOUT_MS). */
  reportStatementTimeoutMs?: number;
  /**
   * Send parameterised statements as named prepared statements (db/prepared-statements.ts); on
   * unless DATABASE_PREPARED_STATEMENTS=off, for a pooler that cannot keep them.
   */
  preparedStatements?: boolean;
}

/** Long enough for a busy server to hand out a connection, short enough that a request answers 503 in time. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 3_000;
export const DEFAULT_POOL_SIZE = 10;
/** Small on purpose: what it serves may be slow, and it must never take the pages' connections. */
export const DEFAULT_REPORT_POOL_SIZE = 3;
/** A page's statement that runs longer is answered "narrow the filter", well before the web's 20 s timeout. */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 10_000;
/** An export still has its workbook to write after the query, within the web's 20 s. */
export const DEFAULT_REPORT_STATEMENT_TIMEOUT_MS = 15_000;
/** A queued export or statistic waits longer than a page for one of the few report connections. */
const REPORT_CONNECT_TIMEOUT_MS = 10_000;
/** Migrations (one connection) and cancel requests (which must not queue behind the pages). */
const MAINTENANCE_POOL_SIZE = 2;

/**
 * PGlite is PostgreSQL compiled to WebAssembly: its memory only ever grows, so postgres' defaults
 * (shared_buffers 128 MB, maintenance_work_mem 64 MB) would stay resident for the life of the
 * process. Its data files are read through the file system, so the kernel's page cache keeps
 * what a larger buffer pool would.
 */
export const PGLITE_START_PARAMS: readonly string[] = [
  ...PGlite.defaultStartParams,
  "-c",
  "shared_buffers=16MB",
  "-c",
  "maintenance_work_mem=16MB",
];

/**
 * Creates the embedded database on the first start, in a child process. PGlite creates one by
 * running a second PostgreSQL beside the first and copying its files over (some 500 MB for a few
 * seconds); in the server's own process the allocator would keep most of that memory afterwards
 * (some 120 MB for good), while a child hands all of it back when it exits. Nothing to do once the
 * folder holds a database.
 */
export async function createEmbeddedDatabase(dataDir: string): Promise<void> {
  const dir = join(dataDir, "pglite");
  if (existsSync(join(dir, "PG_VERSION"))) return;
  mkdirSync(dir, { recursive: true });
  // Resolved here, so the child finds PGlite wherever it is started from.
  const pglite = import.meta.resolve("@electric-sql/pglite");
  const script = `const { PGlite } = await import(${JSON.stringify(pglite)});
await (await PGlite.create(process.argv[1])).close();`;
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ["--input-type=module", "-e", script, dir], {
      stdio: ["ignore", "ignore", "pipe"],
    });
    let errors = "";
    child.stderr.on("data", (chunk: Buffer) => {
      errors += chunk.toString();
    });
    child.once("error", reject);
    child.once("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`creating the embedded database failed (exit ${code}): ${errors}`)),
    );
  });
}

export function openDb(options: OpenDbOptions): Db {
  if (options.databaseUrl) {
    const databaseUrl = options.databaseUrl;
    const onConnectionError = options.onConnectionError ?? (() => {});
    const connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
    const poolOf = (max: number, connectionTimeoutMillis: number, statementTimeoutMs?: number) => {
      const pool = new pg.Pool({
        connectionString: databaseUrl,
        max,
        connectionTimeoutMillis,
        // Retired after a while, and their prepared statements with them (prepared-statements.ts).
        maxLifetimeSeconds: CONNECTION_LIFETIME_S,
        // Sent as each connection starts, so every statement on it is bounded at no extra round trip.
        ...(statementTimeoutMs ? { statement_timeout: statementTimeoutMs } : {}),
        ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
      });
      // An idle pooled connection that PostgreSQL drops is an 'error' event on the pool; unheard, it
      // ends the process. The pool has already discarded the connection, so reporting it is enough.
      pool.on("error", (error) => onConnectionError(error));
      // A checked-out connection reports its loss on the client, where the pool does not listen
      // (between two statements of a transaction, or just after a failed query). The statement that
      // uses it next fails and is answered 503; the pool drops it on release.
      pool.on("connect", (client) => client.on("error", () => {}));
      return pool;
    };
    const pools: Record<Lane, pg.Pool> = {
      interactive: poolOf(
        options.poolSize ?? DEFAULT_POOL_SIZE,
        connectTimeoutMs,
        options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS,
      ),
      report: poolOf(
        options.reportPoolSize ?? DEFAULT_REPORT_POOL_SIZE,
        Math.max(connectTimeoutMs, REPORT_CONNECT_TIMEOUT_MS),
        options.reportStatementTimeoutMs ?? DEFAULT_REPORT_STATEMENT_TIMEOUT_MS,
      ),
      maintenance: poolOf(MAINTENANCE_POOL_SIZE, connectTimeoutMs),
    };
    const prepare = options.preparedStatements ?? true;
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: reportingUnavailability(pools, { prepare }) }),
    });
    // The device writer's lanes: a connection each, beside the pools, with the interactive pool's settings.
    registerPipelinedConnections(db, () =>
      createPipelinedConnection({
        prepare,
        client: () =>
          new pg.Client({
            connectionString: databaseUrl,
            pipeline: true,
            statement_timeout: options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS,
            connectionTimeoutMillis: connectTimeoutMs,
            ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
          }),
      }),
    );
    return db;
  }
  return new Kysely<Database>({ dialect: new PGliteDialect(openPglite(options)) });
}

/** The embedded database, in `dataDir` or in memory, started from `loadDataDir` when given. */
export function openPglite(options: Pick<OpenDbOptions, "dataDir" | "loadDataDir">): PGlite {
  // pg_trgm: the project search's trigram indexes (migration 0015); bundled with PGlite, loaded here.
  const pgliteOptions = {
    startParams: [...PGLITE_START_PARAMS],
    extensions: { pg_trgm },
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  };
  if (!options.dataDir) return new PGlite(pgliteOptions);
  const dir = join(options.dataDir, "pglite");
  mkdirSync(dir, { recursive: true });
  return new PGlite(dir, pgliteOptions);
}

const CANCELLED = "57014";

/**
 * What a failed statement means to the app: a lost connection is DatabaseUnavailableError (503);
 * a cancelled statement is the client having gone if we cancelled it, else its statement timeout.
 */
const translate = (error: unknown, request: RequestQueries | undefined): unknown => {
  if (isConnectionLoss(error)) return new DatabaseUnavailableError(error);
  if ((error as { code?: unknown } | null)?.code === CANCELLED) {
    return request?.abandoned ? new RequestAbandonedError(error) : new QueryTimeoutError(error);
  }
  return error;
};

/**
 * The pools as Kysely sees them: one per lane (query-context.ts), picked by the work that asks;
 * connection failures turned into DatabaseUnavailableError so the app answers 503 for them, and for
 * nothing else that merely shares an error code (a mail server's ECONNREFUSED, say); and every
 * connection a request holds known to that request, so its statements can be cancelled when its
 * client goes away.
 */
const reportingUnavailability = (pools: Record<Lane, pg.Pool>, options: { prepare: boolean }): PostgresPool => {
  const cancelBackend = (pid: number) => {
    // On a connection of its own: the pool of the request may be the very thing that is full. A
    // cancel that fails leaves the statement to its statement timeout.
    pools.maintenance.query("select pg_cancel_backend($1)", [pid]).catch(() => {});
  };
  const view = (client: pg.PoolClient, request: RequestQueries | undefined): PostgresPoolClient => {
    let cancelSent = false;
    request?.held.set(client, () => {
      cancelSent = true;
      // node-postgres keeps the backend's pid from the start of the connection (BackendKeyData).
      cancelBackend((client as unknown as { processID: number }).processID);
    });
    return {
      query: ((...args: Parameters<pg.PoolClient["query"]>) => {
        const [text, values] = args as unknown[];
        if (request?.abandoned && typeof text === "string") return Promise.reject(new RequestAbandonedError());
        const result: unknown =
          options.prepare && typeof text === "string" && Array.isArray(values)
            ? client.query(preparedQuery(client, text, values))
            : client.query(...args);
        // A cursor query returns the cursor itself, not a promise.
        return result instanceof Promise
          ? result.catch((error: unknown) => {
              throw translate(error, request);
            })
          : result;
      }) as PostgresPoolClient["query"],
      release: () => {
        request?.held.delete(client);
        // A cancel may still be on its way to this backend and must not hit the next user's
        // statement: the connection is closed instead of going back to the pool (which also rolls
        // back a transaction a refused statement left open).
        // pg-pool gives the client a new release function on every checkout: look it up each time.
        client.release(cancelSent || undefined);
      },
    };
  };
  return {
    connect: async () => {
      const context = currentQueryContext();
      const request = context?.request;
      if (request?.abandoned) throw new RequestAbandonedError();
      let client: pg.PoolClient;
      try {
        client = await pools[context?.lane ?? "interactive"].connect();
      } catch (error) {
        // Whatever stops us getting a connection (refused, timed out, "not accepting connections",
        // too many clients) is the database being away, whatever its SQLSTATE.
        throw new DatabaseUnavailableError(error);
      }
      if (request?.abandoned) {
        client.release();
        throw new RequestAbandonedError();
      }
      return view(client, request);
    },
    end: async () => {
      await Promise.all(Object.values(pools).map((pool) => pool.end()));
    },
  };
};
