import type { LanguageCode } from "@vrf/contract/constants.ts";
import { Errors } from "@vrf/contract/errors.ts";
import { AppError } from "../../app-error.ts";
import type { Clock } from "../../clock.ts";
import type { Db } from "../../db/open.ts";
import type { Mailer } from "../../mail/mailer.ts";
import { accountNoticeMail } from "../../mail/templates.ts";
import type { LoginLogRepository } from "../login-log/login-log.repository.ts";
import type { Caller, SessionService } from "../session/session.service.ts";
import type { AccountRepository } from "./account.repository.ts";
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
}) => {
  const { db, accounts, codes, sessions, loginLogs, mailer, clock, passwordCost } = deps;
  const languageOf = (languageId: number): LanguageCode => (languageId === 0 ? "zh" : "en");

  return {
    async register(input: { email: string; code: string; password: string }, language: LanguageCode) {
      if (await accounts.findByEmail(input.email)) throw new AppError(Errors.mailboxRegistered);
      const useCode = await codes.prepareUse(input.email, 1, input.code);
      const passwordHash = await hashPassword(input.password, passwordCost);
      const accountId = await db.transaction().execute(async (trx) => {
        await useCode(trx);
        return accounts.createWithOrganisation(trx, {
          email: input.email,
          passwordHash,
          name: input.email.split("@")[0] ?? input.email,
          authorities: SELF_REGISTERED_AUTHORITIES,
          languageId: language === "zh" ? 0 : 1,
        });
      });
      return { customerId: String(accountId) };
    },

    async login(input: { email: string; password: string }, meta: { ip: string; userAgent?: string }) {
      const account = await accounts.findByEmail(input.email);
      if (!account) throw new AppError(Errors.invalidAccount);
      const now = clock.now();
      if (account.lockedUntil && account.lockedUntil.getTime() > now.getTime()) {
        throw new AppError(Errors.accountLocked, {
          retryAfterSeconds: Math.ceil((account.lockedUntil.getTime() - now.getTime()) / 1000),
        });
      }
      if (!(await verifyPassword(input.password, account.passwordHash))) {
        const windowOpen =
          account.failedWindowStart && now.getTime() - account.failedWindowStart.getTime() < FAILED_LOGIN_WINDOW_MS;
        const failures = windowOpen ? account.failedLogins + 1 : 1;
        const windowStart = windowOpen && account.failedWindowStart ? account.failedWindowStart : now;
        const lockedUntil = failures >= MAX_FAILED_LOGINS ? new Date(now.getTime() + LOCK_MS) : null;
        await accounts.recordFailedLogin(account.id, lockedUntil ? 0 : failures, windowStart, lockedUntil);
        if (lockedUntil) throw new AppError(Errors.accountLocked, { retryAfterSeconds: LOCK_MS / 1000 });
        throw new AppError(Errors.wrongPassword, { remainingAttempts: MAX_FAILED_LOGINS - failures });
      }
      if (account.failedLogins > 0 || account.lockedUntil) await accounts.clearFailedLogins(account.id);
      const { token } = await sessions.issueLogin(account.id);
      await loginLogs.record({ accountId: account.id, event: "login", authorityNum: null, ...meta });
      return {
        accessToken: token,
        customerId: String(account.id),
        account: account.email,
        name: account.name,
        roles: account.authorities,
      };
    },

    async resetPassword(input: { email: string; code: string; password: string }) {
      const account = await accounts.findByEmail(input.email);
      if (!account) throw new AppError(Errors.mailboxNotRegistered);
      const useCode = await codes.prepareUse(input.email, 2, input.code);
      const passwordHash = await hashPassword(input.password, passwordCost);
      await db.transaction().execute(async (trx) => {
        await useCode(trx);
        await accounts.setPassword(trx, account.id, passwordHash);
      });
      await sessions.endAllLogins(account.id, "password-reset");
      await mailer.send({
        to: account.email,
        kind: "password-reset",
        ...accountNoticeMail(languageOf(account.languageId), "passwordReset"),
      });
    },

    async changePassword(caller: Caller, input: { oldPassword: string; newPassword: string }) {
      const account = await accounts.findById(caller.accountId);
      if (!account) throw new AppError(Errors.accountTokenInvalid);
      if (!(await verifyPassword(input.oldPassword, account.passwordHash))) throw new AppError(Errors.oldPasswordWrong);
      if (input.oldPassword === input.newPassword) throw new AppError(Errors.samePassword);
      const passwordHash = await hashPassword(input.newPassword, passwordCost);
      await db.transaction().execute((trx) => accounts.setPassword(trx, account.id, passwordHash));
      await sessions.endOtherLogins(caller, "password-changed");
      await mailer.send({
        to: account.email,
        kind: "password-changed",
        ...accountNoticeMail(languageOf(account.languageId), "passwordChanged"),
      });
    },
  };
};

export type AccountService = ReturnType<typeof createAccountService>;
