import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { dumpSeededDatabase } from "./seeded-database.ts";
import { TEST_NOW, TEST_PASSWORD_COST } from "./test-defaults.ts";

/** API tests on PGlite: one seeded database for the run (seeded-database.ts). */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide("seededDatabase", null);
    return;
  }
  const dir = await mkdtemp(join(tmpdir(), "vrf-seeded-"));
  project.provide(
    "seededDatabase",
    await dumpSeededDatabase(join(dir, "database.tar"), {
      now: TEST_NOW.toISOString(),
      passwordCost: TEST_PASSWORD_COST,
    }),
  );
  return () => rm(dir, { recursive: true, force: true });
}
