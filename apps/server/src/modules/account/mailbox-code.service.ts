import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import type { LanguageCode } from "@vrf/contract/constants.ts";
import { Errors } from "@vrf/contract/errors.ts";
import { AppError } from "../../app-error.ts";
import type { Clock } from "../../clock.ts";
import type { Db } from "../../db/open.ts";
import type { Mailer } from "../../mail/mailer.ts";
import { mailboxCodeMail } from "../../mail/templates.ts";
import type { AccountRepository } from "./account.repository.ts";
import type { MailboxCodeRepository } from "./mailbox-code.repository.ts";

export const CODE_TTL_MS = 10 * 60 * 1000;
export const RESEND_AFTER_MS = 60 * 1000;
export const CODES_PER_HOUR = 5;
export const MAX_CODE_ATTEMPTS = 5;
const HOUR_MS = 60 * 60 * 1000;

const hashCode = (code: string, salt: string) =>
  `${salt}$${createHash("sha256").update(`${salt}:${code}`).digest("hex")}`;
const codeMatches = (code: string, stored: string) => {
  const [salt] = stored.split("$");
  if (!salt) return false;
  const a = Buffer.from(hashCode(code, salt));
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
};

export const createMailboxCodeService = (deps: {
  codes: MailboxCodeRepository;
  accounts: AccountRepository;
  mailer: Mailer;
  clock: Clock;
}) => {
  const { codes, accounts, mailer, clock } = deps;

  /**
   * The latest code for the address, if it matches. Every comparison first spends
   * a try atomically, so at most MAX_CODE_ATTEMPTS wrong codes are ever compared
   * per code, however many arrive at once; a matching code gets its try back.
   */
  const check = async (email: string, type: number, code: string) => {
    const latest = await codes.latest(email, type);
    if (!latest || !(await codes.reserveAttempt(latest.id, clock.now(), MAX_CODE_ATTEMPTS))) {
      throw new AppError(Errors.invalidCode);
    }
    if (!codeMatches(code, latest.codeHash)) throw new AppError(Errors.invalidCode);
    await codes.refundAttempt(latest.id);
    return latest;
  };

  return {
    async send(email: string, type: 1 | 2, language: LanguageCode) {
      const account = await accounts.findByEmail(email);
      if (type === 1 && account) throw new AppError(Errors.mailboxRegistered);
      if (type === 2 && !account) throw new AppError(Errors.mailboxNotRegistered);

      const now = clock.now();
      const lastHour = await codes.recentFor(email, new Date(now.getTime() - HOUR_MS));
      if (lastHour.length >= CODES_PER_HOUR) {
        // Locked until the oldest code of the window is an hour old.
        const oldest = lastHour[lastHour.length - 1] as { createdAt: Date };
        const retryAfterSeconds = Math.ceil((oldest.createdAt.getTime() + HOUR_MS - now.getTime()) / 1000);
        throw new AppError(Errors.codeLocked, { retryAfterSeconds });
      }
      const newest = lastHour[0];
      if (newest && now.getTime() - newest.createdAt.getTime() < RESEND_AFTER_MS) {
        const retryAfterSeconds = Math.ceil((newest.createdAt.getTime() + RESEND_AFTER_MS - now.getTime()) / 1000);
        throw new AppError(Errors.codeTooFrequent, { retryAfterSeconds });
      }

      const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
      const expiresAt = new Date(now.getTime() + CODE_TTL_MS);
      await codes.insert(email, type, hashCode(code, randomBytes(8).toString("hex")), now, expiresAt);
      const mail = mailboxCodeMail(account ? (account.languageId === 0 ? "zh" : "en") : language, type, code);
      // Stored in the outbox before the answer; a mail server that is down delays the code (retried
      // until the code expires) instead of failing the request.
      await mailer.send({ to: email, kind: type === 1 ? "register-code" : "reset-code", giveUpAt: expiresAt, ...mail });
      return { expiresInSeconds: CODE_TTL_MS / 1000, resendAfterSeconds: RESEND_AFTER_MS / 1000 };
    },

    async verify(email: string, type: number, code: string) {
      await check(email, type, code);
      return { valid: true as const };
    },

    /**
     * Checks the code now and returns a step that uses it inside the caller's
     * transaction, so the code is spent only if the write lands. (The check runs
     * outside: PGlite has one connection, which the transaction holds.)
     */
    async prepareUse(email: string, type: number, code: string) {
      const row = await check(email, type, code);
      return async (trx: Db) => {
        if (!(await codes.consume(trx, row.id, clock.now()))) throw new AppError(Errors.invalidCode);
      };
    },
  };
};

export type MailboxCodeService = ReturnType<typeof createMailboxCodeService>;
