import { type Migration, type MigrationProvider, Migrator } from "kysely";
import * as m0001 from "./migrations/0001_accounts.ts";
import * as m0002 from "./migrations/0002_distributor_cloud.ts";
import type { Db } from "./open.ts";

// Listed statically so the same files run from source, in tests and in a bundle.
const migrations: Record<string, Migration> = {
  "0001_accounts": m0001,
  "0002_distributor_cloud": m0002,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
