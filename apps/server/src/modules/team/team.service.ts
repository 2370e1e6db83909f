import { languageCodeOf } from "@vrf/contract/constants.ts";
import { Errors } from "@vrf/contract/errors.ts";
import {
  TEAM_INVITATION_DAYS,
  TEAM_PENDING_INVITATIONS_MAX,
  TEAM_SIZE_MAX,
  type TeamRole,
} from "@vrf/contract/team/team.ts";
import { AppError } from "../../app-error.ts";
import type { Clock } from "../../clock.ts";
import type { Db } from "../../db/open.ts";
import type { Mailer } from "../../mail/mailer.ts";
import { teamInvitationMail } from "../../mail/team-templates.ts";
import type { ClientInfo } from "../security-events/client.ts";
import type { SecurityEventService } from "../security-events/security-events.service.ts";
import type { Caller, SessionService } from "../session/session.service.ts";
import { hashToken, newToken } from "../session/token.ts";
import { createTeamRepository, type TeamRepository } from "./team.repository.ts";
import { authoritiesText, presentInvitation, presentMember } from "./team-present.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the security log's "team changed" entries say was done (the web names each one). */
type TeamAction = "renamed" | "invited" | "cancelled" | "changed" | "removed" | "joined";

/** What a member removed from a team keeps: an organisation of its own, like a new sign-up. */
const REMOVED_MEMBER_AUTHORITIES = "2,5";

type Page = { pageNum: number; pageSize: number };

/**
 * The administrator's side of a team. Every change locks the caller's organisation row first
 * and then checks that the caller is (still) an administrator, so changes of one team run one
 * after another: two administrators demoting each other cannot leave the team without one, and
 * two invitations cannot both take the last place under the limits.
 *
 * Sessions: a member whose modules or role change, or who is removed, is signed out everywhere
 * (after the commit), because a module session is not re-checked against the account's
 * authorities on each call. The routes close the live sockets of the sessions that ended.
 */
export const createTeamService = (deps: {
  db: Db;
  clock: Clock;
  sessions: SessionService;
  mailer: Mailer;
  securityEvents: Pick<SecurityEventService, "record">;
  publicUrl?: string | undefined;
}) => {
  const { db, clock, sessions, mailer, securityEvents } = deps;
  const repo = createTeamRepository(db);
  const inTransaction = <T>(work: (trx: TeamRepository, tx: Db) => Promise<T>): Promise<T> =>
    db.transaction().execute((tx) => work(createTeamRepository(tx), tx));

  const requireAdmin = async (trx: TeamRepository, caller: Caller) => {
    if ((await trx.teamRoleOf(caller.accountId)) !== "admin") throw new AppError(Errors.forbidden);
  };

  /** Locks the team, then checks the caller may change it. */
  const lockAsAdmin = async (trx: TeamRepository, caller: Caller) => {
    await trx.lockOrganisation(caller.organisationId);
    await requireAdmin(trx, caller);
  };

  const keepsAnAdministrator = async (trx: TeamRepository, organisationId: number) => {
    if ((await trx.countAdministrators(organisationId)) < 1) throw new AppError(Errors.lastTeamAdministrator);
  };

  const offsetOf = (page: Page) => (page.pageNum - 1) * page.pageSize;

  /** Written in the change's own transaction: no team change goes unrecorded in the security log. */
  const logChange = (
    tx: Db,
    caller: Caller,
    client: ClientInfo,
    detail: { action: TeamAction; member?: string; modules?: string; role?: TeamRole; name?: string },
  ) =>
    securityEvents.record(
      {
        organisationId: caller.organisationId,
        accountId: caller.accountId,
        email: caller.email,
        type: "teamChanged",
        ...client,
        detail,
      },
      tx,
    );

  return {
    async organisation(caller: Caller) {
      await requireAdmin(repo, caller);
      return { name: (await repo.organisationName(caller.organisationId)) ?? "" };
    },

    rename: (caller: Caller, name: string, client: ClientInfo) =>
      inTransaction(async (trx, tx) => {
        await lockAsAdmin(trx, caller);
        await trx.renameOrganisation(caller.organisationId, name);
        await logChange(tx, caller, client, { action: "renamed", name });
        return { name };
      }),

    async members(caller: Caller, page: Page) {
      await requireAdmin(repo, caller);
      const { rows, total } = await repo.members(caller.organisationId, offsetOf(page), page.pageSize);
      return { list: rows.map((r) => presentMember(r, caller.accountId)), total, ...page };
    },

    async invitations(caller: Caller, page: Page) {
      await requireAdmin(repo, caller);
      const now = clock.now();
      const { rows, total } = await repo.invitations(caller.organisationId, offsetOf(page), page.pageSize);
      return { list: rows.map((r) => presentInvitation(r, now)), total, ...page };
    },

    async invite(caller: Caller, input: { email: string; authorities: number[]; role: TeamRole }, client: ClientInfo) {
      const email = input.email.toLowerCase();
      const { invitation, deliver } = await inTransaction(async (trx, tx) => {
        await lockAsAdmin(trx, caller);
        const now = clock.now();
        const account = await tx
          .selectFrom("accounts")
          .where((eb) => eb(eb.fn("lower", ["email"]), "=", email))
          .select(["organisation_id as organisationId", "language_id as languageId"])
          .executeTakeFirst();
        if (account?.organisationId === caller.organisationId) throw new AppError(Errors.alreadyTeamMember);
        // Refreshing an open invitation takes no new place; a new one must fit under both limits.
        if (!(await trx.hasPendingFor(caller.organisationId, email, now))) {
          const pending = await trx.countPending(caller.organisationId, now);
          const members = await trx.countMembers(caller.organisationId);
          if (pending >= TEAM_PENDING_INVITATIONS_MAX || pending + members >= TEAM_SIZE_MAX) {
            throw new AppError(Errors.teamLimitReached);
          }
        }
        const token = newToken();
        const expiresAt = new Date(now.getTime() + TEAM_INVITATION_DAYS * DAY_MS);
        const id = await trx.upsertInvitation({
          organisationId: caller.organisationId,
          email,
          authorities: authoritiesText(input.authorities),
          teamRole: input.role,
          tokenHash: hashToken(token),
          invitedBy: caller.accountId,
          now,
          expiresAt,
        });
        const row = await trx.invitation(caller.organisationId, id);
        if (!row) throw new AppError(Errors.notFound);
        await logChange(tx, caller, client, {
          action: "invited",
          member: email,
          modules: authoritiesText(input.authorities),
          role: input.role,
        });
        // Stored with the invitation: the mail exists exactly when the invitation does.
        const deliver = await mailer.enqueue(tx, {
          to: email,
          kind: "team-invitation",
          giveUpAt: expiresAt,
          ...teamInvitationMail(account ? languageCodeOf(account.languageId) : null, {
            organisationName: row.organisationName,
            inviterEmail: caller.email,
            authorities: input.authorities,
            role: input.role,
            expiresAt,
            hasAccount: account !== undefined,
            token,
            publicUrl: deps.publicUrl,
          }),
        });
        return { invitation: presentInvitation(row, now), deliver };
      });
      await deliver();
      return invitation;
    },

    cancelInvitation: (caller: Caller, id: number, client: ClientInfo) =>
      inTransaction(async (trx, tx) => {
        await lockAsAdmin(trx, caller);
        const row = await trx.invitation(caller.organisationId, id);
        if (!row || !(await trx.close(row.id, "cancelled", clock.now()))) throw new AppError(Errors.notFound);
        await logChange(tx, caller, client, { action: "cancelled", member: row.email });
        return null;
      }),

    /** Answers the member and the sessions that ended (for the live sockets). */
    async updateMember(
      caller: Caller,
      input: { id: number; authorities: number[]; role: TeamRole },
      client: ClientInfo,
    ) {
      const { member, changed } = await inTransaction(async (trx, tx) => {
        await lockAsAdmin(trx, caller);
        if (input.id === caller.accountId) throw new AppError(Errors.cannotChangeOwnMembership);
        const before = await trx.member(caller.organisationId, input.id, true);
        if (!before) throw new AppError(Errors.notFound);
        const authorities = authoritiesText(input.authorities);
        await trx.setGrant(before.id, authorities, input.role);
        await keepsAnAdministrator(trx, caller.organisationId);
        const after = await trx.member(caller.organisationId, input.id);
        if (!after) throw new AppError(Errors.notFound);
        if (before.authorities !== authorities || before.teamRole !== input.role) {
          await logChange(tx, caller, client, {
            action: "changed",
            member: after.email,
            modules: authorities,
            role: input.role,
          });
        }
        return { member: after, changed: before.authorities !== authorities || before.teamRole !== input.role };
      });
      const ended = changed ? await sessions.endAllLogins(member.id, "team-changed") : [];
      return { member: presentMember(member, caller.accountId), ended };
    },

    /**
     * The member leaves the organisation; the account stays and gets an organisation of its own
     * (named after its e-mail), with the modules of a new sign-up, so nothing it saw goes with it
     * and it can still sign in. Answers the sessions that ended.
     */
    async removeMember(caller: Caller, id: number, client: ClientInfo): Promise<number[]> {
      const accountId = await inTransaction(async (trx, tx) => {
        await lockAsAdmin(trx, caller);
        if (id === caller.accountId) throw new AppError(Errors.cannotChangeOwnMembership);
        const member = await trx.member(caller.organisationId, id, true);
        if (!member) throw new AppError(Errors.notFound);
        const own = await trx.newOrganisation(member.email.split("@")[0] || member.email);
        await trx.moveAccount(member.id, own, {
          authorities: REMOVED_MEMBER_AUTHORITIES,
          teamRole: "admin",
          roleNum: 1,
        });
        await keepsAnAdministrator(trx, caller.organisationId);
        await logChange(tx, caller, client, { action: "removed", member: member.email });
        return member.id;
      });
      return sessions.endAllLogins(accountId, "team-removed");
    },
  };
};

export type TeamService = ReturnType<typeof createTeamService>;
