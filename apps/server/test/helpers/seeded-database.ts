import { readFile, writeFile } from "node:fs/promises";
import { Kysely } from "kysely";
import { PGliteDialect } from "kysely-pglite-dialect";
import { migrateToLatest } from "../../src/db/migrate.ts";
import { openPglite } from "../../src/db/open.ts";
import type { Database } from "../../src/db/schema.ts";
import { seedDemoData } from "../../src/db/seed/demo-data.ts";
import { seedReferenceData } from "../../src/db/seed/reference-data.ts";

/** What a seeded database was seeded with; an app that wants other data builds its own. */
export interface SeededWith {
  /** The demo data's "now". */
  now: string;
  /** log2 of scrypt's N for the demo accounts. */
  passwordCost: number;
}

/** The dump of a seeded embedded database, and what it holds. */
export interface SeededDatabase extends SeededWith {
  file: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    /** The run's seeded embedded database, which test apps load (null on PostgreSQL). */
    seededDatabase: SeededDatabase | null;
  }
}

/** Migrates, seeds reference and demo data. */
export const seedDatabase = async (db: Kysely<Database>, seed: SeededWith): Promise<void> => {
  await migrateToLatest(db);
  await seedReferenceData(db);
  await seedDemoData(db, { passwordCost: seed.passwordCost, now: new Date(seed.now) });
};

/**
 * Builds one migrated and seeded embedded database and dumps it to `file`, once per test run
 * (a global setup): each test app then loads it instead of building its own. Building took about
 * 6 s an app on CI's machines (PGlite's own start 4.6 s, the migrations 0.5, the demo data 1);
 * loading takes under one.
 */
export const dumpSeededDatabase = async (file: string, seed: SeededWith): Promise<SeededDatabase> => {
  const pglite = openPglite({});
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  try {
    await seedDatabase(db, seed);
    const dump = await pglite.dumpDataDir("none");
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await db.destroy();
  }
  return { file, ...seed };
};

/** The dump, to hand to openDb as `loadDataDir`. */
export const loadSeededDatabase = async (seeded: SeededDatabase): Promise<Blob> =>
  new Blob([await readFile(seeded.file)]);
