import { sql } from "kysely";
import type { Db } from "../../db/open.ts";
import { SUB_DISTRIBUTOR_ASSOCIATED } from "../scope/scope.repository.ts";

export interface SessionRow {
  id: number;
  accountId: number;
  authorityNum: number | null;
  parentId: number | null;
  lastSeenAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
}

/** What a call needs to know of the account behind a session. */
export interface SessionAccount {
  id: number;
  email: string;
  name: string;
  organisationId: number;
  authorities: string;
  roleNum: number;
  languageId: number;
  /** Organisations associated under the account's own right now (its sub-distributors). */
  associatedOrganisationIds: number[];
}

/** A session as the lookup finds it: with its sign-in's dates and its account. */
export type SessionLookup = SessionRow & {
  parentRevokedAt: Date | null;
  parentExpiresAt: Date | null;
  parentLastSeenAt: Date | null;
  account: SessionAccount | null;
};

export const createSessionRepository = (db: Db) => ({
  async insert(row: {
    tokenHash: string;
    accountId: number;
    authorityNum: number | null;
    parentId: number | null;
    now: Date;
    expiresAt: Date;
  }): Promise<number> {
    const inserted = await db
      .insertInto("sessions")
      .values({
        token_hash: row.tokenHash,
        account_id: row.accountId,
        authority_num: row.authorityNum,
        parent_id: row.parentId,
        created_at: row.now,
        last_seen_at: row.now,
        expires_at: row.expiresAt,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return inserted.id;
  },

  /**
   * The session, whether its sign-in (parent) was ended, the account it belongs to and the
   * sub-distributors associated under the account's organisation (what a Distributor Cloud call may
   * see): one round trip, because every authenticated call starts here.
   */
  async findByTokenHash(tokenHash: string): Promise<SessionLookup | undefined> {
    const row = await db
      .selectFrom("sessions as s")
      .leftJoin("sessions as p", "p.id", "s.parent_id")
      .leftJoin("accounts as a", "a.id", "s.account_id")
      .where("s.token_hash", "=", tokenHash)
      .select([
        "s.id as id",
        "s.account_id as accountId",
        "s.authority_num as authorityNum",
        "s.parent_id as parentId",
        "s.last_seen_at as lastSeenAt",
        "s.expires_at as expiresAt",
        "s.revoked_at as revokedAt",
        "p.revoked_at as parentRevokedAt",
        "p.expires_at as parentExpiresAt",
        "p.last_seen_at as parentLastSeenAt",
        "a.id as accountRowId",
        "a.email",
        "a.name",
        "a.organisation_id as organisationId",
        "a.authorities",
        "a.role_num as roleNum",
        "a.language_id as languageId",
        sql<string[] | null>`array(
          select l.child_organisation_id from sub_distributor_links l
          where l.parent_organisation_id = a.organisation_id and l.status = ${sql.lit(SUB_DISTRIBUTOR_ASSOCIATED)}
          order by l.child_organisation_id
        )`.as("associatedOrganisationIds"),
      ])
      .executeTakeFirst();
    if (!row) return undefined;
    const {
      accountRowId,
      email,
      name,
      organisationId,
      authorities,
      roleNum,
      languageId,
      associatedOrganisationIds,
      ...session
    } = row;
    return {
      ...session,
      account:
        accountRowId === null
          ? null
          : {
              id: accountRowId,
              email: email as string,
              name: name as string,
              organisationId: organisationId as number,
              authorities: authorities as string,
              roleNum: roleNum as number,
              languageId: languageId as number,
              // bigint[] arrives as strings from node-postgres.
              associatedOrganisationIds: (associatedOrganisationIds ?? []).map(Number),
            },
    };
  },

  /** Marks activity on a session and on its sign-in, whose idle timeout the module session shares. */
  async touch(ids: number[], now: Date): Promise<void> {
    await db.updateTable("sessions").set({ last_seen_at: now }).where("id", "in", ids).execute();
  },

  /** Ends a sign-in: the root session and every module session under it. */
  async revokeLogin(rootId: number, now: Date, reason: string): Promise<number[]> {
    const rows = await db
      .updateTable("sessions")
      .set({ revoked_at: now, revoked_reason: reason })
      .where((eb) => eb.or([eb("id", "=", rootId), eb("parent_id", "=", rootId)]))
      .where("revoked_at", "is", null)
      .returning("id")
      .execute();
    return rows.map((r) => r.id);
  },

  /** Ends every sign-in of an account, except the one rooted at `keepRootId`. */
  async revokeAccount(accountId: number, now: Date, reason: string, keepRootId?: number): Promise<number[]> {
    let query = db
      .updateTable("sessions")
      .set({ revoked_at: now, revoked_reason: reason })
      .where("account_id", "=", accountId)
      .where("revoked_at", "is", null);
    if (keepRootId !== undefined) {
      query = query
        .where("id", "!=", keepRootId)
        .where((eb) => eb.or([eb("parent_id", "is", null), eb("parent_id", "!=", keepRootId)]));
    }
    const rows = await query.returning("id").execute();
    return rows.map((r) => r.id);
  },
});

export type SessionRepository = ReturnType<typeof createSessionRepository>;
