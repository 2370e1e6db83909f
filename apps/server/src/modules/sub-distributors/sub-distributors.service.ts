import { languageCodeOf, ROLE_NUM } from "@vrf/contract/constants.ts";
import { Errors } from "@vrf/contract/errors.ts";
import {
  isActionAllowed,
  SUB_DISTRIBUTOR_STATUS,
  type SubDistributorAction,
  type SubDistributorStatus,
} from "@vrf/contract/sub-distributors/sub-distributors.ts";
import { AppError } from "../../app-error.ts";
import type { Clock } from "../../clock.ts";
import type { Db } from "../../db/open.ts";
import type { Mailer } from "../../mail/mailer.ts";
import { type MailedTransition, subDistributorLink, subDistributorMail } from "../../mail/sub-distributor-templates.ts";
import type { ClientInfo } from "../security-events/client.ts";
import type { SecurityEventService } from "../security-events/security-events.service.ts";
import type { Caller } from "../session/session.service.ts";
import {
  createSubDistributorRepository,
  type LinkListFilter,
  type LinkRow,
  type LinkSide,
  type SubDistributorRepository,
} from "./sub-distributors.repository.ts";

const { added, underReview, associated, released, returned } = SUB_DISTRIBUTOR_STATUS;

const present = (row: LinkRow) => ({
  id: row.id,
  email: row.email,
  organisationId: row.childOrganisationId,
  organisationName: row.organisationName,
  note: row.note,
  status: row.status as SubDistributorStatus,
  returnReason: row.returnReason,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const isUniqueViolation = (error: unknown): boolean =>
  typeof error === "object" && error !== null && (error as { code?: unknown }).code === "23505";

/**
 * Sub-distributor links and their review states. Each transition locks the row,
 * checks the status it leaves (700023 otherwise), and writes the change, its
 * event and any role change in one transaction.
 *
 * Roles and sessions: a caller's roleNum is read from the account on every
 * request, so accepting or releasing changes what the child's accounts may do
 * (and what the parent sees, since the scope reads status 2 links live) on
 * their very next call. Only the menu they were given at module sign-in stays
 * as it was until they enter the module again; the web reloads it for the
 * account that accepted. Sessions are therefore left open.
 *
 * Security log: every change is written to the logs of both organisations, and
 * every role it changes to the child's, in the same transaction as the change.
 *
 * Mail: each change the other side can see (submit, accept, return, release) is
 * mailed to it through the outbox, its row written in the change's transaction, so
 * a change that rolls back mails nothing; the first delivery attempt runs after the
 * commit. A draft (added, deleted) is never shown to the invitee and is not mailed.
 */
export const createSubDistributorService = (deps: {
  db: Db;
  clock: Clock;
  securityEvents: Pick<SecurityEventService, "record">;
  mailer: Pick<Mailer, "enqueue">;
  /** The portal's public address, for the link in the mails. */
  publicUrl?: string | undefined;
}) => {
  const { db, clock, securityEvents, mailer } = deps;
  const repo = createSubDistributorRepository(db);
  /** Mails' first delivery attempts wait for the commit: one before it could send a mail for a rolled-back change. */
  const inTransaction = async <T>(
    work: (trx: SubDistributorRepository, tx: Db, afterCommit: (attempt: () => Promise<void>) => void) => Promise<T>,
  ): Promise<T> => {
    const attempts: (() => Promise<void>)[] = [];
    const result = await db
      .transaction()
      .execute((tx) => work(createSubDistributorRepository(tx), tx, (attempt) => attempts.push(attempt)));
    for (const attempt of attempts) await attempt();
    return result;
  };

  const parentSide = (caller: Caller): LinkSide => ({ parentOrganisationId: caller.organisationId });
  const childSide = (caller: Caller): LinkSide => ({ childOrganisationId: caller.organisationId, submittedOnly: true });

  /** The locked link, or 404 when the caller's side cannot see it, or 409 when `action` does not apply. */
  const lockFor = async (trx: SubDistributorRepository, id: number, side: LinkSide, action: SubDistributorAction) => {
    const link = await trx.find(id, side, true);
    if (!link) throw new AppError(Errors.notFound);
    if (!isActionAllowed(action, link.status)) throw new AppError(Errors.illegalTransition);
    return link;
  };

  /**
   * One level of channel only: the child must not be a sub-distributor already, nor have
   * sub-distributors of its own, and the parent must not be a sub-distributor itself.
   * Both organisations are locked first, so two invitations to the same child cannot be
   * accepted side by side.
   */
  const checkCanAssociate = async (
    trx: SubDistributorRepository,
    parentOrganisationId: number,
    childOrganisationId: number,
    linkId?: number,
  ) => {
    for (const id of [parentOrganisationId, childOrganisationId].sort((a, b) => a - b)) {
      await trx.lockOrganisation(id);
    }
    if (
      (await trx.isAssociatedChild(childOrganisationId, linkId)) ||
      (await trx.hasAssociatedChildren(childOrganisationId)) ||
      (await trx.isAssociatedChild(parentOrganisationId))
    ) {
      throw new AppError(Errors.cannotInviteAccount);
    }
  };

  /** The change as both organisations' logs show it; the actor is named by e-mail on the other side. */
  const logTransition = async (
    trx: SubDistributorRepository,
    tx: Db,
    caller: Caller,
    client: ClientInfo,
    link: LinkRow,
    from: SubDistributorStatus | null,
    to: SubDistributorStatus | "deleted",
  ) => {
    const detail = {
      from,
      to,
      subDistributorEmail: link.email,
      parentOrganisation: await trx.organisationName(link.parentOrganisationId),
      childOrganisation: link.organisationName,
    };
    for (const organisationId of [link.parentOrganisationId, link.childOrganisationId]) {
      const own = organisationId === caller.organisationId;
      await securityEvents.record(
        {
          organisationId,
          accountId: own ? caller.accountId : null,
          email: caller.email,
          type: "subDistributorTransition",
          ...client,
          detail,
        },
        tx,
      );
    }
  };

  /** Every account of the child organisation takes `roleNum`; each one that changed is logged. */
  const changeRoles = async (
    trx: SubDistributorRepository,
    tx: Db,
    client: ClientInfo,
    link: LinkRow,
    roleNum: number,
  ) => {
    const changed = await trx.setOrganisationRole(link.childOrganisationId, roleNum);
    const parentOrganisation = await trx.organisationName(link.parentOrganisationId);
    for (const account of changed) {
      await securityEvents.record(
        {
          organisationId: link.childOrganisationId,
          accountId: account.id,
          email: account.email,
          type: "roleChanged",
          ...client,
          detail: { from: account.fromRoleNum, to: roleNum, parentOrganisation },
        },
        tx,
      );
    }
  };

  const transition = async (
    trx: SubDistributorRepository,
    tx: Db,
    caller: Caller,
    client: ClientInfo,
    link: LinkRow,
    toStatus: SubDistributorStatus,
    reason: string | null,
  ) => {
    const now = clock.now();
    await trx.setStatus(link.id, toStatus, toStatus === returned ? reason : null, now);
    await trx.addEvent({
      linkId: link.id,
      fromStatus: link.status,
      toStatus,
      reason,
      actorAccountId: caller.accountId,
      now,
    });
    await logTransition(trx, tx, caller, client, link, link.status as SubDistributorStatus, toStatus);
  };

  /** The mail of `transition` to the side that did not act, stored in the transaction `tx`. */
  const mailOtherSide = async (
    trx: SubDistributorRepository,
    tx: Db,
    afterCommit: (attempt: () => Promise<void>) => void,
    caller: Caller,
    link: LinkRow,
    transition: MailedTransition,
    reason: string | null = null,
  ) => {
    const { invited, submitter } = await trx.mailRecipients(link.id);
    const recipient = transition === "invited" || transition === "released" ? invited : submitter;
    const mail = subDistributorMail(languageCodeOf(recipient.languageId), {
      transition,
      parentOrganisation: await trx.organisationName(link.parentOrganisationId),
      childOrganisation: link.organisationName,
      actorEmail: caller.email,
      reason,
      link: subDistributorLink(deps.publicUrl, transition),
    });
    afterCommit(await mailer.enqueue(tx, { to: recipient.email, kind: `sub-distributor-${transition}`, ...mail }));
  };

  const reread = async (trx: SubDistributorRepository, id: number, side: LinkSide) => {
    const row = await trx.find(id, side);
    if (!row) throw new AppError(Errors.notFound);
    return present(row);
  };

  return {
    async list(
      caller: Caller,
      input: Omit<LinkListFilter, "parentOrganisationId" | "offset" | "limit"> & {
        pageNum: number;
        pageSize: number;
      },
    ) {
      const { rows, total } = await repo.list({
        parentOrganisationId: caller.organisationId,
        status: input.status,
        keyword: input.keyword || undefined,
        sort: input.sort,
        order: input.order,
        offset: (input.pageNum - 1) * input.pageSize,
        limit: input.pageSize,
      });
      return { list: rows.map(present), total, pageNum: input.pageNum, pageSize: input.pageSize };
    },

    async counts(caller: Caller) {
      const rows = await repo.countByStatus(caller.organisationId);
      const byStatus = new Map(rows.map((r) => [r.status, Number(r.n)]));
      return {
        counts: [added, underReview, associated, released, returned].map((status) => ({
          status,
          count: byStatus.get(status) ?? 0,
        })),
      };
    },

    add: (caller: Caller, input: { email: string; note: string }, client: ClientInfo) =>
      inTransaction(async (trx, tx) => {
        const account = await trx.findAccountByEmail(input.email);
        if (!account) throw new AppError(Errors.userNotFound);
        // Only an account that can open Distributor Cloud is able to answer the invitation.
        const canAnswer = account.authorities
          .split(",")
          .map((a) => a.trim())
          .includes("2");
        if (account.organisationId === caller.organisationId || !canAnswer) {
          throw new AppError(Errors.cannotInviteAccount);
        }
        if (await trx.hasOpenLink(caller.organisationId, account.organisationId)) {
          throw new AppError(Errors.subDistributorExists);
        }
        await checkCanAssociate(trx, caller.organisationId, account.organisationId);
        const now = clock.now();
        let id: number;
        try {
          id = await trx.insert({
            parentOrganisationId: caller.organisationId,
            childOrganisationId: account.organisationId,
            invitedAccountId: account.id,
            note: input.note,
            createdBy: caller.accountId,
            now,
          });
        } catch (error) {
          // Two adds racing past the check above: the partial unique index decides.
          if (isUniqueViolation(error)) throw new AppError(Errors.subDistributorExists);
          throw error;
        }
        await trx.addEvent({
          linkId: id,
          fromStatus: null,
          toStatus: added,
          reason: null,
          actorAccountId: caller.accountId,
          now,
        });
        const row = await trx.find(id, parentSide(caller));
        if (!row) throw new AppError(Errors.notFound);
        await logTransition(trx, tx, caller, client, row, null, added);
        return present(row);
      }),

    submit: (caller: Caller, id: number, client: ClientInfo) =>
      inTransaction(async (trx, tx, afterCommit) => {
        const link = await lockFor(trx, id, parentSide(caller), "submit");
        // The invitee may have joined another distributor since it was added.
        await checkCanAssociate(trx, link.parentOrganisationId, link.childOrganisationId);
        await transition(trx, tx, caller, client, link, underReview, null);
        await mailOtherSide(trx, tx, afterCommit, caller, link, "invited");
        return reread(trx, id, parentSide(caller));
      }),

    updateNote: (caller: Caller, id: number, note: string) =>
      inTransaction(async (trx) => {
        const link = await lockFor(trx, id, parentSide(caller), "editNote");
        await trx.setNote(link.id, note, clock.now());
        return reread(trx, id, parentSide(caller));
      }),

    remove: (caller: Caller, id: number, client: ClientInfo) =>
      inTransaction(async (trx, tx) => {
        const link = await lockFor(trx, id, parentSide(caller), "delete");
        await trx.delete(link.id);
        await logTransition(trx, tx, caller, client, link, added, "deleted");
        return null;
      }),

    release: (caller: Caller, id: number, client: ClientInfo) =>
      inTransaction(async (trx, tx, afterCommit) => {
        const link = await lockFor(trx, id, parentSide(caller), "release");
        await transition(trx, tx, caller, client, link, released, null);
        await changeRoles(trx, tx, client, link, ROLE_NUM.distributor);
        await mailOtherSide(trx, tx, afterCommit, caller, link, "released");
        return reread(trx, id, parentSide(caller));
      }),

    async events(caller: Caller, id: number) {
      const link = (await repo.find(id, parentSide(caller))) ?? (await repo.find(id, childSide(caller)));
      if (!link) throw new AppError(Errors.notFound);
      const rows = await repo.events(link.id);
      return {
        list: rows.map((r) => ({
          id: r.id,
          fromStatus: r.fromStatus as SubDistributorStatus | null,
          toStatus: r.toStatus as SubDistributorStatus,
          reason: r.reason,
          actorEmail: r.actorEmail,
          actorName: r.actorName,
          createdAt: r.createdAt.toISOString(),
        })),
      };
    },

    async invitations(caller: Caller, input: { pageNum: number; pageSize: number }) {
      const { rows, total } = await repo.invitations(
        caller.organisationId,
        (input.pageNum - 1) * input.pageSize,
        input.pageSize,
      );
      return {
        list: rows.map((r) => ({ ...r, submittedAt: r.submittedAt.toISOString() })),
        total,
        pageNum: input.pageNum,
        pageSize: input.pageSize,
      };
    },

    accept: (caller: Caller, id: number, client: ClientInfo) =>
      inTransaction(async (trx, tx, afterCommit) => {
        const link = await lockFor(trx, id, childSide(caller), "accept");
        await checkCanAssociate(trx, link.parentOrganisationId, link.childOrganisationId, link.id);
        await transition(trx, tx, caller, client, link, associated, null);
        await changeRoles(trx, tx, client, link, ROLE_NUM.subDistributor);
        await mailOtherSide(trx, tx, afterCommit, caller, link, "accepted");
        return { parentOrganisationName: await trx.organisationName(link.parentOrganisationId) };
      }),

    returnInvitation: (caller: Caller, id: number, reason: string, client: ClientInfo) =>
      inTransaction(async (trx, tx, afterCommit) => {
        const link = await lockFor(trx, id, childSide(caller), "return");
        await transition(trx, tx, caller, client, link, returned, reason);
        await mailOtherSide(trx, tx, afterCommit, caller, link, "returned", reason);
        return null;
      }),
  };
};

export type SubDistributorService = ReturnType<typeof createSubDistributorService>;
