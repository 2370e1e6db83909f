import { randomBytes } from "node:crypto";
import type { LanguageCode } from "@vrf/contract/constants.ts";
import { Errors } from "@vrf/contract/errors.ts";
import { AppError } from "../../app-error.ts";
import type { Clock } from "../../clock.ts";
import type { Db } from "../../db/open.ts";
import type { Mailer } from "../../mail/mailer.ts";
import { accountNoticeMail } from "../../mail/templates.ts";
import type { LoginLogRepository } from "../login-log/login-log.repository.ts";
import type { SecurityEventService } from "../security-events/security-events.service.ts";
import type { Caller, SessionService } from "../session/session.service.ts";
import type { TeamJoinService } from "../team/team-join.service.ts";
import type { AccountRepository, AccountRow } from "./account.repository.ts";
import type { MailboxCodeService } from "./mailbox-code.service.ts";
import { hashPassword, verifyPassword } from "./password-hash.ts";

export const MAX_FAILED_LOGINS = 10;
export const FAILED_LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const LOCK_MS = 15 * 60 * 1000;

/** Authorities of a self-registered account: its own distributor organisation and the Hi-Checker tools. */
export const SELF_REGISTERED_AUTHORITIES = "2,5";

export const createAccountService = (deps: {
  db: Db;
  accounts: AccountRepository;
  codes: MailboxCodeService;
  sessions: SessionService;
  loginLogs: LoginLogRepository;
  mailer: Mailer;
  clock: Clock;
  passwordCost: number;
  securityEvents: SecurityEventService;
  /** Team invitations a sign-up may answer (modules/team). */
  team?: Pick<TeamJoinService, "checkRegistrationToken" | "claimForRegistration">;
}) => {
  const { db, accounts, codes, sessions, loginLogs, mailer, clock, passwordCost } = deps;
  const languageOf = (languageId: number): LanguageCode => (languageId === 0 ? "zh" : "en");
  const security = deps.securityEvents;
  // Made once, as the service starts: made lazily, the first unknown address would pay for two hashes.
  const dummy = hashPassword(randomBytes(16).toString("hex"), passwordCost);
  dummy.catch(() => undefined);

  const eventOf = (
    account: Pick<AccountRow, "id" | "organisationId"> | null,
    email: string,
    meta: { ip: string; userAgent?: string | undefined },
  ) => ({
    organisationId: account?.organisationId ?? null,
    accountId: account?.id ?? null,
    email,
    ip: meta.ip,
    userAgent: meta.userAgent ?? null,
  });

  const recordFailure = async (
    account: AccountRow,
    meta: { ip: string; userAgent?: string | undefined },
    reason: "wrongPassword" | "locked",
  ) => {
    await loginLogs.record({ accountId: account.id, event: "loginFailed", authorityNum: null, ...meta });
    await security.record({ ...eventOf(account, account.email, meta), type: "signInFailed", detail: { reason } });
  };

  /** How long until a sign-in may be tried again: the lock, or else the end of the spent window. */
  const lockedForSeconds = async (accountId: number, now: Date) => {
    const fresh = await accounts.findById(accountId);
    const until =
      fresh?.lockedUntil && fresh.lockedUntil > now
        ? fresh.lockedUntil.getTime()
        : (fresh?.failedWindowStart?.getTime() ?? now.getTime()) + FAILED_LOGIN_WINDOW_MS;
    return Math.max(1, Math.ceil((until - now.getTime()) / 1000));
  };

  return {
    /**
     * A sign-up creates its own organisation named `companyName`, unless an open team invitation
     * is addressed to the e-mail (the link's token, else the newest): then the account is created
     * inside the inviting organisation with the granted modules and role, and the company name
     * is not used.
     */
    async register(
      input: {
        email: string;
        code: string;
        password: string;
        companyName: string;
        invitationToken?: string | undefined;
      },
      language: LanguageCode,
      meta: { ip: string; userAgent?: string | undefined } = { ip: "" },
    ) {
      if (await accounts.findByEmail(input.email)) throw new AppError(Errors.mailboxRegistered);
      if (input.invitationToken !== undefined && deps.team) {
        await deps.team.checkRegistrationToken(input.invitationToken, input.email);
      }
      const useCode = await codes.prepareUse(input.email, 1, input.code);
      const passwordHash = await hashPassword(input.password, passwordCost);
      const name = input.email.split("@")[0] ?? input.email;
      const languageId = language === "zh" ? 0 : 1;
      const created = await db.transaction().execute(async (trx) => {
        await useCode(trx);
        const join = deps.team ? await deps.team.claimForRegistration(trx, input.email, input.invitationToken) : null;
        if (join) {
          const accountId = await accounts.createInOrganisation(trx, {
            email: input.email,
            passwordHash,
            name,
            languageId,
            ...join,
          });
          // In the team's security log, with the change that let the account in.
          await security.record(
            {
              organisationId: join.organisationId,
              accountId,
              email: input.email,
              type: "teamChanged",
              ip: meta.ip || null,
              userAgent: meta.userAgent ?? null,
              detail: { action: "joined", member: input.email, modules: join.authorities, role: join.teamRole },
            },
            trx,
          );
          return { accountId, organisationName: join.organisationName, joined: true };
        }
        const accountId = await accounts.createWithOrganisation(trx, {
          email: input.email,
          passwordHash,
          name,
          organisationName: input.companyName,
          authorities: SELF_REGISTERED_AUTHORITIES,
          languageId,
        });
        return { accountId, organisationName: input.companyName, joined: false };
      });
      return {
        customerId: String(created.accountId),
        organisationName: created.organisationName,
        joined: created.joined,
      };
    },

    async login(input: { email: string; password: string }, meta: { ip: string; userAgent?: string | undefined }) {
      const account = await accounts.findByEmail(input.email);
      if (!account) {
        // The same scrypt work as a real check, so the answer's timing does not tell which addresses have accounts.
        await verifyPassword(input.password, await dummy);
        await security.record({
          ...eventOf(null, input.email, meta),
          type: "signInFailed",
          detail: { reason: "unknownAccount" },
        });
        throw new AppError(Errors.invalidAccount);
      }
      const now = clock.now();
      const windowStart = new Date(now.getTime() - FAILED_LOGIN_WINDOW_MS);
      const attempts = await accounts.reserveLoginAttempt(account.id, now, windowStart, MAX_FAILED_LOGINS);
      if (attempts === null) {
        await recordFailure(account, meta, "locked");
        throw new AppError(Errors.accountLocked, { retryAfterSeconds: await lockedForSeconds(account.id, now) });
      }
      if (!(await verifyPassword(input.password, account.passwordHash))) {
        await recordFailure(account, meta, "wrongPassword");
        if (attempts >= MAX_FAILED_LOGINS) {
          await accounts.lock(account.id, new Date(now.getTime() + LOCK_MS));
          await security.record({ ...eventOf(account, account.email, meta), type: "lockout" });
          throw new AppError(Errors.accountLocked, { retryAfterSeconds: LOCK_MS / 1000 });
        }
        throw new AppError(Errors.wrongPassword, { remainingAttempts: MAX_FAILED_LOGINS - attempts });
      }
      await accounts.clearFailedLogins(account.id);
      const { token } = await sessions.issueLogin(account.id);
      await loginLogs.record({ accountId: account.id, event: "login", authorityNum: null, ...meta });
      await security.record({ ...eventOf(account, account.email, meta), type: "signIn" });
      return {
        accessToken: token,
        customerId: String(account.id),
        account: account.email,
        name: account.name,
        roles: account.authorities,
      };
    },

    async resetPassword(
      input: { email: string; code: string; password: string },
      meta: { ip: string; userAgent?: string | undefined },
    ) {
      const account = await accounts.findByEmail(input.email);
      if (!account) throw new AppError(Errors.mailboxNotRegistered);
      const useCode = await codes.prepareUse(input.email, 2, input.code);
      const passwordHash = await hashPassword(input.password, passwordCost);
      await db.transaction().execute(async (trx) => {
        await useCode(trx);
        await accounts.setPassword(trx, account.id, passwordHash);
      });
      await sessions.endAllLogins(account.id, "password-reset");
      await security.record({ ...eventOf(account, account.email, meta), type: "passwordReset" });
      await mailer.send({
        to: account.email,
        kind: "password-reset",
        ...accountNoticeMail(languageOf(account.languageId), "passwordReset"),
      });
    },

    async changePassword(
      caller: Caller,
      input: { oldPassword: string; newPassword: string },
      meta: { ip: string; userAgent?: string | undefined },
    ) {
      const account = await accounts.findById(caller.accountId);
      if (!account) throw new AppError(Errors.accountTokenInvalid);
      if (!(await verifyPassword(input.oldPassword, account.passwordHash))) throw new AppError(Errors.oldPasswordWrong);
      if (input.oldPassword === input.newPassword) throw new AppError(Errors.samePassword);
      const passwordHash = await hashPassword(input.newPassword, passwordCost);
      await db.transaction().execute((trx) => accounts.setPassword(trx, account.id, passwordHash));
      await sessions.endOtherLogins(caller, "password-changed");
      await security.record({ ...eventOf(account, account.email, meta), type: "passwordChanged" });
      await mailer.send({
        to: account.email,
        kind: "password-changed",
        ...accountNoticeMail(languageOf(account.languageId), "passwordChanged"),
      });
    },
  };
};

export type AccountService = ReturnType<typeof createAccountService>;
