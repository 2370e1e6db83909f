import { sql } from "kysely";
import { deleteInChunks } from "../../db/chunked-delete.ts";
import type { Db } from "../../db/open.ts";
import { pageBound } from "../../db/page-bound.ts";

export interface ClientErrorRecord {
  organisationId: number | null;
  accountId: number | null;
  kind: string;
  message: string;
  stack: string | null;
  url: string;
  release: string;
  environment: string | null;
  userAgent: string | null;
  ip: string | null;
  createdAt: Date;
}

export interface ClientErrorFilter {
  organisationId: number;
  kinds?: readonly string[] | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

/** A stored report as the distributor's list reads it: the record, its id and the account's e-mail. */
export type ClientErrorRow = Omit<ClientErrorRecord, "organisationId"> & { id: number; email: string | null };

const PRUNE_CHUNK = 5_000;

export const createClientErrorRepository = (db: Db) => {
  // Every read starts from one organisation: the index on (organisation_id, created_at, id) serves it.
  const filtered = (filter: ClientErrorFilter) => {
    let query = db.selectFrom("client_errors as e").where("e.organisation_id", "=", filter.organisationId);
    if (filter.kinds?.length) query = query.where("e.kind", "in", [...filter.kinds]);
    if (filter.from) query = query.where("e.created_at", ">=", filter.from);
    if (filter.to) query = query.where("e.created_at", "<", filter.to);
    return query;
  };

  return {
    async insert(record: ClientErrorRecord): Promise<void> {
      await db
        .insertInto("client_errors")
        .values({
          organisation_id: record.organisationId,
          account_id: record.accountId,
          kind: record.kind,
          message: record.message,
          stack: record.stack,
          url: record.url,
          release: record.release,
          environment: record.environment,
          user_agent: record.userAgent,
          ip: record.ip,
          created_at: record.createdAt,
        })
        .execute();
    },

    /** A page, newest first, and the number of matching rows (bounded by the retention cap). */
    async list(filter: ClientErrorFilter, offset: number, limit: number) {
      const [counted, rows] = await Promise.all([
        filtered(filter)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow(),
        filtered(filter)
          // The account's e-mail as it is now; a deleted account leaves the row without one.
          .leftJoin("accounts as a", "a.id", "e.account_id")
          .select([
            "e.id",
            "e.kind",
            "e.message",
            "e.stack",
            "e.url",
            "e.release",
            "e.environment",
            "e.user_agent as userAgent",
            "e.ip",
            "e.account_id as accountId",
            "a.email",
            "e.created_at as createdAt",
          ])
          .orderBy("e.created_at", "desc")
          .orderBy("e.id", "desc")
          .offset(pageBound(offset))
          .limit(pageBound(limit))
          .execute(),
      ]);
      return { rows: rows as ClientErrorRow[], total: Number(counted.n) };
    },

    /** Deletes rows created before `before`, in chunks so no statement holds locks for long. */
    pruneOlderThan: (before: Date): Promise<number> =>
      deleteInChunks(
        db,
        PRUNE_CHUNK,
        () => sql`
          DELETE FROM client_errors WHERE id = ANY(ARRAY(
            SELECT id FROM client_errors WHERE created_at < ${before} LIMIT ${PRUNE_CHUNK}))`,
      ),

    /**
     * Keeps the newest `keep` rows of each organisation (and of the senders without one), so one
     * tenant's flood never pushes out another's errors.
     */
    async pruneBeyond(keep: number): Promise<number> {
      const { rows: crowded } = await sql<{ organisationId: number | null }>`
        SELECT organisation_id AS "organisationId" FROM client_errors
        GROUP BY organisation_id HAVING count(*) > ${keep}`.execute(db);
      let total = 0;
      for (const { organisationId } of crowded) {
        const result = await sql`
          DELETE FROM client_errors WHERE id = ANY(ARRAY(
            SELECT id FROM client_errors WHERE organisation_id IS NOT DISTINCT FROM ${organisationId}
            ORDER BY created_at DESC, id DESC OFFSET ${keep}))`.execute(db);
        total += Number(result.numAffectedRows ?? 0);
      }
      return total;
    },
  };
};

export type ClientErrorRepository = ReturnType<typeof createClientErrorRepository>;
