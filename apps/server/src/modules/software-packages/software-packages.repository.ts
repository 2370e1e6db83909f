import { sql } from "kysely";
import { containsPattern } from "../../db/like.ts";
import type { Db } from "../../db/open.ts";
import { pageBound } from "../../db/page-bound.ts";
import type { SoftwarePackageTable } from "../../db/schema.ts";

export interface PackageFilter {
  kind?: "pc" | "firmware" | undefined;
  keyword?: string | undefined;
}

export interface NewPackage {
  id: string;
  organisation_id: number;
  kind: SoftwarePackageTable["kind"];
  version: string;
  version_key: string;
  file_name: string;
  size_bytes: number;
  sha256: string;
  imported_by: number;
  imported_at: Date;
}

/**
 * Rows naming one content file change under a transaction-scoped lock of that file (its sha256),
 * so a delete that finds no other row naming the file cannot remove it while an upload of the
 * same bytes commits its row.
 */
const lockFile = (db: Db, sha256: string) =>
  sql`SELECT pg_advisory_xact_lock(hashtext(${`software_package:${sha256}`}))`.execute(db);

/** Software packages of an organisation (0027_software_packages). */
export const createSoftwarePackageRepository = (db: Db) => {
  const packages = (organisationId: number) =>
    db
      .selectFrom("software_packages as s")
      .leftJoin("accounts as a", "a.id", "s.imported_by")
      .where("s.organisation_id", "=", organisationId);

  const columns = [
    "s.id",
    "s.kind",
    "s.version",
    "s.file_name",
    "s.size_bytes",
    "s.sha256",
    "s.imported_at",
    "a.name as imported_by_name",
  ] as const;

  return {
    async page(organisationId: number, filter: PackageFilter, limit: number, offset: number) {
      let where = packages(organisationId);
      if (filter.kind) where = where.where("s.kind", "=", filter.kind);
      if (filter.keyword) {
        const like = containsPattern(filter.keyword);
        where = where.where((eb) => eb.or([eb("s.version", "ilike", like), eb("s.file_name", "ilike", like)]));
      }
      const [rows, total] = await Promise.all([
        where
          .select(columns)
          .orderBy("s.imported_at", "desc")
          .orderBy("s.id")
          .limit(pageBound(limit))
          .offset(pageBound(offset))
          .execute(),
        where.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.n) };
    },

    find: (organisationId: number, id: string) =>
      packages(organisationId).where("s.id", "=", id).select(columns).executeTakeFirst(),

    /** Whether the organisation has this version of this kind already (the unique index decides in the end). */
    versionTaken: async (organisationId: number, kind: NewPackage["kind"], versionKey: string) =>
      (await db
        .selectFrom("software_packages")
        .where("organisation_id", "=", organisationId)
        .where("kind", "=", kind)
        .where("version_key", "=", versionKey)
        .select("id")
        .executeTakeFirst()) !== undefined,

    /** Commits the package's row under its file's lock. */
    insert: (row: NewPackage) =>
      db.transaction().execute(async (trx) => {
        await lockFile(trx, row.sha256);
        await trx.insertInto("software_packages").values(row).execute();
      }),

    /** Takes back a committed row whose file could not be put in place. */
    remove: (id: string) => db.deleteFrom("software_packages").where("id", "=", id).execute(),

    /**
     * Deletes the organisation's package; `whenFileUnused` runs inside the transaction, under the
     * file's lock, when no other package names the same file. Null when there was no such package;
     * "inRollout" while a rollout of it is open or a checker still fetches it. The row is locked
     * first: a rollout being created holds it shared, so the two are decided one after the other.
     */
    delete: (organisationId: number, id: string, whenFileUnused: (sha256: string) => Promise<void>) =>
      db.transaction().execute(async (trx) => {
        const target = await trx
          .selectFrom("software_packages")
          .where("organisation_id", "=", organisationId)
          .where("id", "=", id)
          .select("sha256")
          .forUpdate()
          .executeTakeFirst();
        if (!target) return null;
        const inUse = await sql<{ id: string }>`
          SELECT r.id FROM firmware_rollouts r WHERE r.package_id = ${id}
            AND (r.state IN ('running', 'paused') OR EXISTS (
              SELECT 1 FROM firmware_rollout_targets t WHERE t.rollout_id = r.id AND t.state = 'downloading'))
          LIMIT 1`.execute(trx);
        if (inUse.rows.length > 0) return "inRollout" as const;
        await lockFile(trx, target.sha256);
        const deleted = await trx
          .deleteFrom("software_packages")
          .where("organisation_id", "=", organisationId)
          .where("id", "=", id)
          .returning("sha256")
          .executeTakeFirst();
        if (!deleted) return null;
        const others = await trx
          .selectFrom("software_packages")
          .where("sha256", "=", deleted.sha256)
          .select("id")
          .limit(1)
          .executeTakeFirst();
        if (!others) await whenFileUnused(deleted.sha256);
        return deleted;
      }),
  };
};

export type SoftwarePackageRepository = ReturnType<typeof createSoftwarePackageRepository>;
export type SoftwarePackageRow = NonNullable<Awaited<ReturnType<SoftwarePackageRepository["find"]>>>;
