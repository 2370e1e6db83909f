import { existsSync } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmbeddedDatabase, openDb } from "../src/db/open.ts";

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "vrf-embedded-"));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe("the embedded database on the first start", () => {
  it("is created once, then opened with small buffers, and left alone afterwards", async () => {
    await createEmbeddedDatabase(dataDir);
    const versionFile = join(dataDir, "pglite", "PG_VERSION");
    expect(existsSync(versionFile)).toBe(true);

    const db = openDb({ dataDir });
    try {
      const { rows } = await sql<{ setting: string }>`select current_setting('shared_buffers') as setting`.execute(db);
      expect(rows[0]?.setting).toBe("16MB");
    } finally {
      await db.destroy();
    }

    const created = (await stat(versionFile)).mtimeMs;
    await createEmbeddedDatabase(dataDir);
    expect((await stat(versionFile)).mtimeMs).toBe(created);
  });
});
