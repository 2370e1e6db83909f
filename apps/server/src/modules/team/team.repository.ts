import { sql } from "kysely";
import type { Db } from "../../db/open.ts";
import { pageBound } from "../../db/page-bound.ts";

export type TeamRole = "admin" | "member";

export interface MemberRow {
  id: number;
  email: string;
  name: string;
  authorities: string;
  teamRole: TeamRole;
  createdAt: Date;
}

export interface InvitationRow {
  id: number;
  organisationId: number;
  email: string;
  authorities: string;
  teamRole: TeamRole;
  invitedBy: string;
  organisationName: string;
  createdAt: Date;
  expiresAt: Date;
}

/** A literal in the statement, so the planner can use the partial indexes on open invitations. */
const PENDING = sql.lit("pending" as const);

const memberColumns = [
  "a.id",
  "a.email",
  "a.name",
  "a.authorities",
  "a.team_role as teamRole",
  "a.created_at as createdAt",
] as const;

const invitationColumns = [
  "i.id",
  "i.organisation_id as organisationId",
  "i.email",
  "i.authorities",
  "i.team_role as teamRole",
  sql<string>`coalesce(b.email, '')`.as("invitedBy"),
  sql<string>`(SELECT o.name FROM organisations o WHERE o.id = i.organisation_id)`.as("organisationName"),
  "i.created_at as createdAt",
  "i.expires_at as expiresAt",
] as const;

/** Team members and invitations: SQL only, every read and write confined to the organisation it is given. */
export const createTeamRepository = (db: Db) => {
  const invitations = () =>
    db
      .selectFrom("team_invitations as i")
      .leftJoin("accounts as b", "b.id", "i.invited_by")
      .where("i.status", "=", PENDING);

  const countMembers = async (organisationId: number): Promise<number> => {
    const row = await db
      .selectFrom("accounts")
      .where("organisation_id", "=", organisationId)
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };

  /** Open invitations that have not expired: what the organisation's limits count. */
  const countPending = async (organisationId: number, now: Date): Promise<number> => {
    const row = await db
      .selectFrom("team_invitations")
      .where("organisation_id", "=", organisationId)
      .where("status", "=", PENDING)
      .where("expires_at", ">", now)
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };

  return {
    countMembers,
    countPending,

    /** Serialises team changes of one organisation (limits, last administrator) until the transaction ends. */
    async lockOrganisation(organisationId: number): Promise<boolean> {
      const row = await db
        .selectFrom("organisations")
        .where("id", "=", organisationId)
        .select("id")
        .forNoKeyUpdate()
        .executeTakeFirst();
      return row !== undefined;
    },

    organisationName: async (organisationId: number): Promise<string | undefined> =>
      (await db.selectFrom("organisations").where("id", "=", organisationId).select("name").executeTakeFirst())?.name,

    async renameOrganisation(organisationId: number, name: string): Promise<void> {
      await db.updateTable("organisations").set({ name }).where("id", "=", organisationId).execute();
    },

    teamRoleOf: async (accountId: number): Promise<TeamRole | undefined> =>
      (await db.selectFrom("accounts").where("id", "=", accountId).select("team_role").executeTakeFirst())?.team_role,

    /** One page of the organisation's accounts, administrators first, and their number, in one statement. */
    async members(organisationId: number, offset: number, limit: number) {
      const rows = await db
        .selectFrom("accounts as a")
        .where("a.organisation_id", "=", organisationId)
        .select([...memberColumns, sql<string>`count(*) over ()`.as("total")])
        .orderBy(sql`a.team_role = 'admin'`, "desc")
        .orderBy("a.id")
        .offset(pageBound(offset))
        .limit(pageBound(limit))
        .execute();
      // A page past the end has no row to carry the total: counted on its own then.
      const total = rows.length > 0 || offset === 0 ? Number(rows[0]?.total ?? 0) : await countMembers(organisationId);
      return { rows: rows.map(({ total: _total, ...row }) => row as MemberRow), total };
    },

    member: (organisationId: number, accountId: number, forUpdate = false): Promise<MemberRow | undefined> => {
      const query = db
        .selectFrom("accounts as a")
        .where("a.organisation_id", "=", organisationId)
        .where("a.id", "=", accountId)
        .select(memberColumns);
      return (forUpdate ? query.forUpdate() : query).executeTakeFirst() as Promise<MemberRow | undefined>;
    },

    /** Administrators who can reach the team page (they hold Distributor Cloud). */
    async countAdministrators(organisationId: number): Promise<number> {
      const row = await db
        .selectFrom("accounts")
        .where("organisation_id", "=", organisationId)
        .where("team_role", "=", "admin")
        .where(sql<boolean>`',' || authorities || ',' LIKE '%,2,%'`)
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async setGrant(accountId: number, authorities: string, teamRole: TeamRole): Promise<void> {
      await db.updateTable("accounts").set({ authorities, team_role: teamRole }).where("id", "=", accountId).execute();
    },

    /**
     * Moves an account into another organisation with these grants. `roleNum` follows the
     * organisation (a sub-distributor's accounts are all roleNum 3).
     */
    async moveAccount(
      accountId: number,
      organisationId: number,
      values: { authorities: string; teamRole: TeamRole; roleNum: number },
    ): Promise<void> {
      await db
        .updateTable("accounts")
        .set({
          organisation_id: organisationId,
          authorities: values.authorities,
          team_role: values.teamRole,
          role_num: values.roleNum,
          // The remembered module may be one the account no longer holds.
          remember_select: 2,
          select_mode: null,
        })
        .where("id", "=", accountId)
        .execute();
    },

    async newOrganisation(name: string): Promise<number> {
      const row = await db.insertInto("organisations").values({ name }).returning("id").executeTakeFirstOrThrow();
      return row.id;
    },

    /** The roleNum the organisation's accounts carry (1 distributor, 3 sub-distributor). */
    async roleNumOf(organisationId: number): Promise<number> {
      const row = await db
        .selectFrom("accounts")
        .where("organisation_id", "=", organisationId)
        .select("role_num")
        .orderBy("id")
        .limit(1)
        .executeTakeFirst();
      return row?.role_num ?? 1;
    },

    /**
     * Whether the organisation holds anything besides `accountId`: other accounts, projects,
     * devices, or sub-distributor links in either direction that are not history.
     */
    async holdsMoreThan(organisationId: number, accountId: number): Promise<boolean> {
      const row = await sql<{ busy: boolean }>`SELECT
          EXISTS (SELECT 1 FROM accounts WHERE organisation_id = ${organisationId} AND id <> ${accountId})
          OR EXISTS (SELECT 1 FROM projects WHERE organisation_id = ${organisationId})
          OR EXISTS (SELECT 1 FROM devices WHERE organisation_id = ${organisationId})
          OR EXISTS (SELECT 1 FROM sub_distributor_links
            WHERE (parent_organisation_id = ${organisationId} OR child_organisation_id = ${organisationId})
              AND status IN (0, 1, 2)) AS busy`.execute(db);
      return Boolean(row.rows[0]?.busy);
    },

    /** One page of the open invitations, newest first, and their number, in one statement. */
    async invitations(organisationId: number, offset: number, limit: number) {
      const rows = await invitations()
        .where("i.organisation_id", "=", organisationId)
        .select([...invitationColumns, sql<string>`count(*) over ()`.as("total")])
        .orderBy("i.created_at", "desc")
        .orderBy("i.id", "desc")
        .offset(pageBound(offset))
        .limit(pageBound(limit))
        .execute();
      const total =
        rows.length > 0 || offset === 0
          ? Number(rows[0]?.total ?? 0)
          : Number(
              (
                await db
                  .selectFrom("team_invitations")
                  .where("organisation_id", "=", organisationId)
                  .where("status", "=", PENDING)
                  .select((eb) => eb.fn.countAll<string>().as("n"))
                  .executeTakeFirstOrThrow()
              ).n,
            );
      return { rows: rows.map(({ total: _total, ...row }) => row as InvitationRow), total };
    },

    invitation: (organisationId: number, id: number): Promise<InvitationRow | undefined> =>
      invitations()
        .where("i.organisation_id", "=", organisationId)
        .where("i.id", "=", id)
        .select(invitationColumns)
        .executeTakeFirst() as Promise<InvitationRow | undefined>,

    /** An open invitation by its token's hash (any organisation). */
    byTokenHash: (tokenHash: string): Promise<InvitationRow | undefined> =>
      invitations().where("i.token_hash", "=", tokenHash).select(invitationColumns).executeTakeFirst() as Promise<
        InvitationRow | undefined
      >,

    /** The open invitations addressed to an e-mail, newest first; locked with `forUpdate`. */
    addressedTo: (email: string, forUpdate = false): Promise<InvitationRow[]> => {
      const query = invitations()
        .where("i.email", "=", email.toLowerCase())
        .select(invitationColumns)
        .orderBy("i.created_at", "desc")
        .orderBy("i.id", "desc");
      return (forUpdate ? query.forUpdate("i") : query).execute() as Promise<InvitationRow[]>;
    },

    /**
     * Opens an invitation, or refreshes the open one to the same address (new token, grants and
     * expiry), in one statement; answers its id.
     */
    async upsertInvitation(values: {
      organisationId: number;
      email: string;
      authorities: string;
      teamRole: TeamRole;
      tokenHash: string;
      invitedBy: number;
      now: Date;
      expiresAt: Date;
    }): Promise<number> {
      const row = await db
        .insertInto("team_invitations")
        .values({
          organisation_id: values.organisationId,
          email: values.email.toLowerCase(),
          authorities: values.authorities,
          team_role: values.teamRole,
          token_hash: values.tokenHash,
          invited_by: values.invitedBy,
          created_at: values.now,
          expires_at: values.expiresAt,
        })
        .onConflict((oc) =>
          oc
            .columns(["organisation_id", "email"])
            // A literal, not a parameter: PostgreSQL matches the partial unique index by this predicate.
            .where(sql<boolean>`status = 'pending'`)
            .doUpdateSet((eb) => ({
              authorities: eb.ref("excluded.authorities"),
              team_role: eb.ref("excluded.team_role"),
              token_hash: eb.ref("excluded.token_hash"),
              invited_by: eb.ref("excluded.invited_by"),
              created_at: eb.ref("excluded.created_at"),
              expires_at: eb.ref("excluded.expires_at"),
            })),
        )
        .returning("id")
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Whether an open, unexpired invitation to this address exists in the organisation already. */
    async hasPendingFor(organisationId: number, email: string, now: Date): Promise<boolean> {
      const row = await db
        .selectFrom("team_invitations")
        .where("organisation_id", "=", organisationId)
        .where("email", "=", email.toLowerCase())
        .where("status", "=", PENDING)
        .where("expires_at", ">", now)
        .select("id")
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Closes an open invitation; false when it was not open any more (answered or cancelled
     * meanwhile), which makes every token single use.
     */
    async close(id: number, status: "accepted" | "declined" | "cancelled", now: Date): Promise<boolean> {
      const rows = await db
        .updateTable("team_invitations")
        .set({ status, answered_at: now })
        .where("id", "=", id)
        .where("status", "=", PENDING)
        .returning("id")
        .execute();
      return rows.length > 0;
    },

    accountIdByEmail: async (email: string): Promise<number | undefined> =>
      (
        await db
          .selectFrom("accounts")
          .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.toLowerCase()))
          .select("id")
          .executeTakeFirst()
      )?.id,
  };
};

export type TeamRepository = ReturnType<typeof createTeamRepository>;
