import { SUB_DISTRIBUTOR_STATUS } from "@vrf/contract/sub-distributors/sub-distributors.ts";
import { containsPattern } from "../../db/like.ts";
import type { Db } from "../../db/open.ts";
import { pageBound } from "../../db/page-bound.ts";

const { associated } = SUB_DISTRIBUTOR_STATUS;
const OPEN_STATUSES = [0, 1, 2];

export interface LinkRow {
  id: number;
  parentOrganisationId: number;
  childOrganisationId: number;
  email: string;
  organisationName: string;
  note: string;
  status: number;
  returnReason: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface LinkListFilter {
  parentOrganisationId: number;
  status?: number | undefined;
  keyword?: string | undefined;
  sort?: "email" | "organisationName" | "status" | "createdAt" | "updatedAt" | undefined;
  order?: "ascend" | "descend" | undefined;
  offset: number;
  limit: number;
}

const SORT_COLUMNS = {
  email: "a.email",
  organisationName: "o.name",
  status: "l.status",
  createdAt: "l.created_at",
  updatedAt: "l.updated_at",
} as const;

export interface MailRecipient {
  email: string;
  languageId: number;
}

/** Which side of a link the caller stands on; every read and write is confined to one. */
export type LinkSide = { parentOrganisationId: number } | { childOrganisationId: number; submittedOnly: true };

export const createSubDistributorRepository = (db: Db) => {
  const links = () =>
    db
      .selectFrom("sub_distributor_links as l")
      .innerJoin("accounts as a", "a.id", "l.invited_account_id")
      .innerJoin("organisations as o", "o.id", "l.child_organisation_id");

  const linkColumns = [
    "l.id",
    "l.parent_organisation_id as parentOrganisationId",
    "l.child_organisation_id as childOrganisationId",
    "a.email",
    "o.name as organisationName",
    "l.note",
    "l.status",
    "l.return_reason as returnReason",
    "l.created_at as createdAt",
    "l.updated_at as updatedAt",
  ] as const;

  return {
    async list(filter: LinkListFilter): Promise<{ rows: LinkRow[]; total: number }> {
      let query = links().where("l.parent_organisation_id", "=", filter.parentOrganisationId);
      if (filter.status !== undefined) query = query.where("l.status", "=", filter.status);
      if (filter.keyword) {
        const like = containsPattern(filter.keyword);
        query = query.where((eb) =>
          eb.or([eb("a.email", "ilike", like), eb("o.name", "ilike", like), eb("l.note", "ilike", like)]),
        );
      }
      const total = await query.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
      const direction = filter.order === "ascend" ? "asc" : "desc";
      const rows = await query
        .select(linkColumns)
        .orderBy(filter.sort ? SORT_COLUMNS[filter.sort] : "l.updated_at", filter.sort ? direction : "desc")
        .orderBy("l.id", "desc")
        .offset(pageBound(filter.offset))
        .limit(pageBound(filter.limit))
        .execute();
      return { rows, total: Number(total.n) };
    },

    countByStatus: (parentOrganisationId: number) =>
      db
        .selectFrom("sub_distributor_links")
        .where("parent_organisation_id", "=", parentOrganisationId)
        .select((eb) => ["status", eb.fn.countAll<number>().as("n")])
        .groupBy("status")
        .execute(),

    /** One link seen from `side`, locked for the rest of the transaction when `forUpdate`. */
    async find(id: number, side: LinkSide, forUpdate = false): Promise<LinkRow | undefined> {
      let query = links().where("l.id", "=", id).select(linkColumns);
      query =
        "parentOrganisationId" in side
          ? query.where("l.parent_organisation_id", "=", side.parentOrganisationId)
          : query.where("l.child_organisation_id", "=", side.childOrganisationId).where("l.status", "<>", 0);
      return forUpdate ? query.forUpdate("l").executeTakeFirst() : query.executeTakeFirst();
    },

    /** Serialises association changes of one organisation until the transaction ends. */
    async lockOrganisation(id: number): Promise<void> {
      await db.selectFrom("organisations").where("id", "=", id).select("id").forNoKeyUpdate().execute();
    },

    findAccountByEmail: (email: string) =>
      db
        .selectFrom("accounts")
        .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.toLowerCase()))
        .select(["id", "organisation_id as organisationId", "authorities"])
        .executeTakeFirst(),

    async hasOpenLink(parentOrganisationId: number, childOrganisationId: number): Promise<boolean> {
      const row = await db
        .selectFrom("sub_distributor_links")
        .where("parent_organisation_id", "=", parentOrganisationId)
        .where("child_organisation_id", "=", childOrganisationId)
        .where("status", "in", OPEN_STATUSES)
        .select("id")
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Whether the organisation is associated under some parent right now (it is a sub-distributor). */
    async isAssociatedChild(organisationId: number, exceptLinkId?: number): Promise<boolean> {
      let query = db
        .selectFrom("sub_distributor_links")
        .where("child_organisation_id", "=", organisationId)
        .where("status", "=", associated);
      if (exceptLinkId !== undefined) query = query.where("id", "<>", exceptLinkId);
      return (await query.select("id").executeTakeFirst()) !== undefined;
    },

    /** Whether the organisation has sub-distributors of its own associated right now. */
    async hasAssociatedChildren(organisationId: number): Promise<boolean> {
      const row = await db
        .selectFrom("sub_distributor_links")
        .where("parent_organisation_id", "=", organisationId)
        .where("status", "=", associated)
        .select("id")
        .executeTakeFirst();
      return row !== undefined;
    },

    async insert(values: {
      parentOrganisationId: number;
      childOrganisationId: number;
      invitedAccountId: number;
      note: string;
      createdBy: number;
      now: Date;
    }): Promise<number> {
      const row = await db
        .insertInto("sub_distributor_links")
        .values({
          parent_organisation_id: values.parentOrganisationId,
          child_organisation_id: values.childOrganisationId,
          invited_account_id: values.invitedAccountId,
          note: values.note,
          status: SUB_DISTRIBUTOR_STATUS.added,
          created_by: values.createdBy,
          created_at: values.now,
          updated_at: values.now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return row.id;
    },

    setStatus: (id: number, status: number, returnReason: string | null, now: Date) =>
      db
        .updateTable("sub_distributor_links")
        .set({ status, return_reason: returnReason, updated_at: now })
        .where("id", "=", id)
        .execute(),

    setNote: (id: number, note: string, now: Date) =>
      db.updateTable("sub_distributor_links").set({ note, updated_at: now }).where("id", "=", id).execute(),

    delete: (id: number) => db.deleteFrom("sub_distributor_links").where("id", "=", id).execute(),

    addEvent: (event: {
      linkId: number;
      fromStatus: number | null;
      toStatus: number;
      reason: string | null;
      actorAccountId: number;
      now: Date;
    }) =>
      db
        .insertInto("sub_distributor_events")
        .values({
          link_id: event.linkId,
          from_status: event.fromStatus,
          to_status: event.toStatus,
          reason: event.reason,
          actor_account_id: event.actorAccountId,
          created_at: event.now,
        })
        .execute(),

    events: (linkId: number) =>
      db
        .selectFrom("sub_distributor_events as e")
        .innerJoin("accounts as a", "a.id", "e.actor_account_id")
        .where("e.link_id", "=", linkId)
        .select([
          "e.id",
          "e.from_status as fromStatus",
          "e.to_status as toStatus",
          "e.reason",
          "a.email as actorEmail",
          "a.name as actorName",
          "e.created_at as createdAt",
        ])
        .orderBy("e.created_at")
        .orderBy("e.id")
        .execute(),

    /**
     * Every account of the organisation takes this roleNum (1 distributor, 3 sub-distributor).
     * Answers the accounts whose role it changed, with the role each had, for the security log.
     */
    async setOrganisationRole(
      organisationId: number,
      roleNum: number,
    ): Promise<{ id: number; email: string; fromRoleNum: number }[]> {
      const changing = await db
        .selectFrom("accounts")
        .where("organisation_id", "=", organisationId)
        .where("role_num", "<>", roleNum)
        .select(["id", "email", "role_num as fromRoleNum"])
        .orderBy("id")
        .forUpdate()
        .execute();
      await db
        .updateTable("accounts")
        .set({ role_num: roleNum })
        .where("organisation_id", "=", organisationId)
        .execute();
      return changing;
    },

    async invitations(childOrganisationId: number, offset: number, limit: number) {
      const query = db
        .selectFrom("sub_distributor_links as l")
        .innerJoin("organisations as p", "p.id", "l.parent_organisation_id")
        .innerJoin("accounts as c", "c.id", "l.created_by")
        .innerJoin("accounts as a", "a.id", "l.invited_account_id")
        .where("l.child_organisation_id", "=", childOrganisationId)
        .where("l.status", "=", SUB_DISTRIBUTOR_STATUS.underReview);
      const total = await query.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
      const rows = await query
        .select([
          "l.id",
          "p.name as parentOrganisationName",
          "c.email as invitedBy",
          "a.email as invitedEmail",
          "l.note",
          "l.updated_at as submittedAt",
        ])
        .orderBy("l.updated_at", "desc")
        .orderBy("l.id", "desc")
        .offset(pageBound(offset))
        .limit(pageBound(limit))
        .execute();
      return { rows, total: Number(total.n) };
    },

    /**
     * Who hears of a link's changes on each side: the invited account, and the parent's
     * account that submitted the invitation for review (its creator before that).
     */
    async mailRecipients(linkId: number): Promise<{ invited: MailRecipient; submitter: MailRecipient }> {
      const link = await db
        .selectFrom("sub_distributor_links")
        .where("id", "=", linkId)
        .select(["invited_account_id as invitedId", "created_by as createdBy"])
        .executeTakeFirstOrThrow();
      const submit = await db
        .selectFrom("sub_distributor_events")
        .where("link_id", "=", linkId)
        .where("to_status", "=", SUB_DISTRIBUTOR_STATUS.underReview)
        .select("actor_account_id as id")
        .orderBy("id", "desc")
        .executeTakeFirst();
      const account = (id: number) =>
        db
          .selectFrom("accounts")
          .where("id", "=", id)
          .select(["email", "language_id as languageId"])
          .executeTakeFirstOrThrow();
      return { invited: await account(link.invitedId), submitter: await account(submit?.id ?? link.createdBy) };
    },

    organisationName: async (id: number): Promise<string> => {
      const row = await db.selectFrom("organisations").where("id", "=", id).select("name").executeTakeFirstOrThrow();
      return row.name;
    },
  };
};

export type SubDistributorRepository = ReturnType<typeof createSubDistributorRepository>;
