import { Errors } from "@vrf/contract/errors.ts";
import { AppError } from "../../app-error.ts";
import type { Clock } from "../../clock.ts";
import type { SessionRepository } from "./session.repository.ts";
import { createSessionCache, DEFAULT_SESSION_CACHE_MS } from "./session-cache.ts";
import { hashToken, newToken } from "./token.ts";

export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
export const SESSION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
// Writing last_seen on every call would turn each read into a write; a minute of slack is harmless.
const TOUCH_EVERY_MS = 60_000;

/** Who is calling, resolved from a token. `customerId` is the account id as the API spells it. */
export interface Caller {
  sessionId: number;
  rootSessionId: number;
  accountId: number;
  customerId: string;
  organisationId: number;
  email: string;
  name: string;
  authorities: number[];
  roleNum: number;
  languageId: number;
  /** Sub-distributors associated under the caller's organisation when the session was resolved. */
  associatedOrganisationIds: number[];
  /** The module this session was opened for; null for an account-platform session. */
  authorityNum: number | null;
  /** When the sign-in behind this session ends at the latest; a module session never outlives it. */
  signInExpiresAt: Date;
}

export type SessionProblem = "missing" | "illegal" | "expired" | "revoked";

export const parseAuthorities = (value: string): number[] =>
  value
    .split(",")
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);

export const createSessionService = (deps: {
  sessions: SessionRepository;
  clock: Clock;
  /** SESSION_CACHE_MS: how long a lookup may answer calls that only read (session-cache.ts); 0 = never. */
  cacheMs?: number;
}) => {
  const { sessions, clock } = deps;
  const cache = createSessionCache({ ttlMs: deps.cacheMs ?? DEFAULT_SESSION_CACHE_MS });

  const issue = async (accountId: number, authorityNum: number | null, parentId: number | null, expiresAt?: Date) => {
    const token = newToken();
    const now = clock.now();
    const id = await sessions.insert({
      tokenHash: hashToken(token),
      accountId,
      authorityNum,
      parentId,
      now,
      expiresAt: expiresAt ?? new Date(now.getTime() + SESSION_LIFETIME_MS),
    });
    return { token, id };
  };

  /**
   * Resolves a token, or says why it cannot be used. `cached`: the call only reads, so a lookup of
   * the last moment will do (session-cache.ts); every other call reads the session afresh.
   */
  const resolve = async (
    token: string | undefined,
    options: { cached?: boolean } = {},
  ): Promise<Caller | SessionProblem> => {
    if (!token) return "missing";
    if (token.length > 200) return "illegal";
    const tokenHash = hashToken(token);
    let row = options.cached ? cache.get(tokenHash) : undefined;
    if (!row) {
      const generation = cache.generation;
      row = await sessions.findByTokenHash(tokenHash);
      if (row) cache.set(tokenHash, row, generation);
    }
    if (!row) return "illegal";
    if (row.revokedAt || row.parentRevokedAt) return "revoked";
    const now = clock.now();
    const ended = (expiresAt: Date, lastSeenAt: Date) =>
      expiresAt.getTime() <= now.getTime() || now.getTime() - lastSeenAt.getTime() > SESSION_IDLE_MS;
    if (ended(row.expiresAt, row.lastSeenAt)) return "expired";
    // A module session ends with its sign-in, whatever its own dates say.
    if (row.parentExpiresAt && row.parentLastSeenAt && ended(row.parentExpiresAt, row.parentLastSeenAt)) {
      return "expired";
    }
    const account = row.account;
    if (!account) return "illegal";
    if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
      await sessions.touch(row.parentId === null ? [row.id] : [row.id, row.parentId], now);
      // The cached lookup shares the row: later hits see the session as just used.
      row.lastSeenAt = now;
      if (row.parentId !== null) row.parentLastSeenAt = now;
    }
    return {
      sessionId: row.id,
      rootSessionId: row.parentId ?? row.id,
      accountId: account.id,
      customerId: String(account.id),
      organisationId: account.organisationId,
      email: account.email,
      name: account.name,
      authorities: parseAuthorities(account.authorities),
      roleNum: account.roleNum,
      languageId: account.languageId,
      associatedOrganisationIds: account.associatedOrganisationIds,
      authorityNum: row.authorityNum,
      signInExpiresAt: row.parentExpiresAt ?? row.expiresAt,
    };
  };

  return {
    issueLogin: (accountId: number) => issue(accountId, null, null),

    /**
     * A module session lives under the sign-in it came from and ends with it. Only
     * a sign-in's own token opens one: a module token that could mint fresh module
     * tokens would let a session live for ever.
     */
    async issueModule(caller: Caller, authorityNum: number) {
      if (caller.authorityNum !== null) throw new AppError(Errors.accountTokenInvalid);
      if (!caller.authorities.includes(authorityNum)) throw new AppError(Errors.authorityNotGranted);
      return issue(caller.accountId, authorityNum, caller.rootSessionId, caller.signInExpiresAt);
    },

    /**
     * A second sign-in of the caller's account, handed over from a sibling system. Only a sign-in's
     * own token may be handed over (a module token would outlive its purpose), and the new sign-in
     * ends when the handed one does, so a handover never lengthens a session.
     */
    async issueHandover(caller: Caller) {
      if (caller.authorityNum !== null) throw new AppError(Errors.accountTokenInvalid);
      return issue(caller.accountId, null, null, caller.signInExpiresAt);
    },

    resolve,

    /** Something was written: no cached lookup may answer for what it may have changed. */
    forgetCachedLookups: () => cache.clear(),

    logout: (caller: Caller) => sessions.revokeLogin(caller.rootSessionId, clock.now(), "logout"),
    endOtherLogins: (caller: Caller, reason: string) =>
      sessions.revokeAccount(caller.accountId, clock.now(), reason, caller.rootSessionId),
    endAllLogins: (accountId: number, reason: string) => sessions.revokeAccount(accountId, clock.now(), reason),
  };
};

export type SessionService = ReturnType<typeof createSessionService>;
