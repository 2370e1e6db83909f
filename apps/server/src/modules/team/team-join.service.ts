import { Errors } from "@vrf/contract/errors.ts";
import { AppError } from "../../app-error.ts";
import type { Clock } from "../../clock.ts";
import type { Db } from "../../db/open.ts";
import type { MailboxCodeService } from "../account/mailbox-code.service.ts";
import type { ClientInfo } from "../security-events/client.ts";
import type { SecurityEventService } from "../security-events/security-events.service.ts";
import type { Caller, SessionService } from "../session/session.service.ts";
import { hashToken } from "../session/token.ts";
import { createTeamRepository, type InvitationRow, type TeamRepository } from "./team.repository.ts";

/** Where a sign-up lands when an invitation applies to it. */
export interface RegistrationJoin {
  organisationId: number;
  organisationName: string;
  authorities: string;
  teamRole: "admin" | "member";
  roleNum: number;
}

const REGISTER_CODE = 1;

/**
 * The invited side. A token or an address finds only open invitations; each is used once
 * (closing it is a conditional update, so two answers to one invitation cannot both land) and
 * expires after TEAM_INVITATION_DAYS.
 *
 * Moving an existing account (accepting at sign-in) is allowed only while the account's own
 * organisation holds nothing but that account: no other accounts, projects, devices or open
 * sub-distributor links. Everything an organisation owns stays with it, so an account that
 * shares or owns data elsewhere cannot leave it behind or take it along (700803); such a
 * person registers another address for the new team, or empties the old organisation first.
 */
export const createTeamJoinService = (deps: {
  db: Db;
  clock: Clock;
  sessions: SessionService;
  codes: Pick<MailboxCodeService, "verify">;
  securityEvents: Pick<SecurityEventService, "record">;
}) => {
  const { db, clock, sessions, codes, securityEvents } = deps;
  const repo = createTeamRepository(db);
  const isExpired = (row: InvitationRow) => row.expiresAt.getTime() <= clock.now().getTime();

  /** The open invitation a token names; 404 unknown or used, 410 expired. */
  const byToken = async (trx: TeamRepository, token: string) => {
    const row = await trx.byTokenHash(hashToken(token));
    if (!row) throw new AppError(Errors.teamInvitationInvalid);
    if (isExpired(row)) throw new AppError(Errors.teamInvitationExpired);
    return row;
  };

  /** The newest open, unexpired invitation addressed to the e-mail. */
  const newestFor = async (trx: TeamRepository, email: string, forUpdate = false) =>
    (await trx.addressedTo(email, forUpdate)).find((row) => !isExpired(row));

  return {
    async preview(input: { token?: string | undefined; email?: string | undefined; code?: string | undefined }) {
      if (input.token !== undefined) {
        const row = await byToken(repo, input.token);
        return { email: row.email, organisationName: row.organisationName };
      }
      if (input.email === undefined || input.code === undefined) throw new AppError(Errors.parameterEmpty);
      // The registration code proves the caller reads this mailbox; without it nobody learns who was invited where.
      await codes.verify(input.email, REGISTER_CODE, input.code);
      const row = await newestFor(repo, input.email);
      return row ? { email: row.email, organisationName: row.organisationName } : null;
    },

    /** Checked before registration starts its transaction: a token must be open and addressed to `email`. */
    async checkRegistrationToken(token: string, email: string) {
      const row = await byToken(repo, token);
      if (row.email !== email.toLowerCase()) throw new AppError(Errors.invitationForAnotherEmail);
    },

    /**
     * Inside the registration's transaction: takes the invitation the sign-up answers (the
     * token's, else the newest addressed to the e-mail), or null for a sign-up of its own.
     */
    async claimForRegistration(tx: Db, email: string, token: string | undefined): Promise<RegistrationJoin | null> {
      const trx = createTeamRepository(tx);
      const row = token !== undefined ? await byToken(trx, token) : await newestFor(trx, email, true);
      if (!row) return null;
      if (row.email !== email.toLowerCase()) throw new AppError(Errors.invitationForAnotherEmail);
      await trx.lockOrganisation(row.organisationId);
      if (!(await trx.close(row.id, "accepted", clock.now()))) throw new AppError(Errors.teamInvitationInvalid);
      return {
        organisationId: row.organisationId,
        organisationName: row.organisationName,
        authorities: row.authorities,
        teamRole: row.teamRole,
        roleNum: await trx.roleNumOf(row.organisationId),
      };
    },

    /** What is offered to a signed-in account: open invitations to its address from other organisations. */
    async offered(caller: Caller) {
      const rows = (await repo.addressedTo(caller.email)).filter(
        (row) => !isExpired(row) && row.organisationId !== caller.organisationId,
      );
      return {
        list: rows.map((row) => ({
          id: row.id,
          organisationName: row.organisationName,
          invitedBy: row.invitedBy,
          authorities: row.authorities
            .split(",")
            .map(Number)
            .filter((n) => n > 0),
          role: row.teamRole,
          expiresAt: row.expiresAt.toISOString(),
        })),
      };
    },

    /**
     * Moves the caller's account into the inviting organisation. Only from a sign-in session (not
     * a module's): the account's other sign-ins end afterwards, since their module sessions
     * belong to the organisation it left. Answers the sessions that ended.
     */
    async accept(caller: Caller, id: number, client: ClientInfo) {
      if (caller.authorityNum !== null) throw new AppError(Errors.forbidden);
      const joined = await db.transaction().execute(async (tx) => {
        const trx = createTeamRepository(tx);
        const row = (await trx.addressedTo(caller.email, true)).find((r) => r.id === id);
        if (!row) throw new AppError(Errors.teamInvitationInvalid);
        if (isExpired(row)) throw new AppError(Errors.teamInvitationExpired);
        if (row.organisationId === caller.organisationId) throw new AppError(Errors.alreadyTeamMember);
        // Both teams in id order, so two moves between the same organisations cannot deadlock.
        for (const organisationId of [row.organisationId, caller.organisationId].sort((a, b) => a - b)) {
          await trx.lockOrganisation(organisationId);
        }
        if (await trx.holdsMoreThan(caller.organisationId, caller.accountId)) {
          throw new AppError(Errors.cannotMoveAccount);
        }
        if (!(await trx.close(row.id, "accepted", clock.now()))) throw new AppError(Errors.teamInvitationInvalid);
        await trx.moveAccount(caller.accountId, row.organisationId, {
          authorities: row.authorities,
          teamRole: row.teamRole,
          roleNum: await trx.roleNumOf(row.organisationId),
        });
        // In the team's log, which the account now belongs to.
        await securityEvents.record(
          {
            organisationId: row.organisationId,
            accountId: caller.accountId,
            email: caller.email,
            type: "teamChanged",
            ...client,
            detail: { action: "joined", member: caller.email, modules: row.authorities, role: row.teamRole },
          },
          tx,
        );
        return row;
      });
      const ended = await sessions.endOtherLogins(caller, "team-joined");
      return { organisationName: joined.organisationName, roles: joined.authorities, ended };
    },

    async decline(caller: Caller, id: number) {
      const row = (await repo.addressedTo(caller.email)).find((r) => r.id === id);
      if (!row || !(await repo.close(row.id, "declined", clock.now()))) {
        throw new AppError(Errors.teamInvitationInvalid);
      }
      return null;
    },
  };
};

export type TeamJoinService = ReturnType<typeof createTeamJoinService>;
