import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { dumpSeededDatabase } from "../../apps/server/test/helpers/seeded-database.ts";
import { E2E_PASSWORD_COST } from "./start-server.ts";

/** One seeded database for the run, as of its start; each file's server starts from a copy. */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), "vrf-e2e-seeded-"));
  project.provide(
    "seededDatabase",
    await dumpSeededDatabase(join(dir, "database.tar"), {
      now: new Date().toISOString(),
      passwordCost: E2E_PASSWORD_COST,
    }),
  );
  return () => rm(dir, { recursive: true, force: true });
}
