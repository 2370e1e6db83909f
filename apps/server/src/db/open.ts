import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { Kysely, PostgresDialect } from "kysely";
import { PGliteDialect } from "kysely-pglite-dialect";
import pg from "pg";
import type { Database } from "./schema.ts";

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
}

export function openDb(options: OpenDbOptions): Db {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
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
