import {
  CLIENT_ERROR_LIMITS,
  type ClientEnvironment,
  type ClientErrorKind,
} from "@vrf/contract/client-errors/report.ts";
import { Errors } from "@vrf/contract/errors.ts";
import { AppError } from "../../app-error.ts";
import type { Clock } from "../../clock.ts";
import type { Db } from "../../db/open.ts";
import type { Limiter } from "../../rate/limiter.ts";
import type { ClientInfo } from "../security-events/client.ts";
import type { Caller } from "../session/session.service.ts";
import { type ClientErrorRow, createClientErrorRepository } from "./client-errors.repository.ts";

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** Reports accepted per address and per sign-in (`services.limiter`), counted like the repair intake's. */
export interface ClientErrorLimits {
  perAddress: { max: number; windowMs: number };
  perSession: { max: number; windowMs: number };
}

/**
 * The web app sends at most a handful of reports per page load; these only stop a broken or
 * hostile client from filling the table. An office behind one address shares the first.
 */
export const CLIENT_ERROR_LIMITS_DEFAULT: ClientErrorLimits = {
  perAddress: { max: 60, windowMs: 10 * MINUTE_MS },
  perSession: { max: 20, windowMs: 10 * MINUTE_MS },
};

/** How long a report is kept, and how many of each organisation's newest (pruneDue). */
export interface ClientErrorRetention {
  days: number;
  perOrganisation: number;
}

export const CLIENT_ERROR_RETENTION: ClientErrorRetention = { days: 30, perOrganisation: 5_000 };

// The request's User-Agent header is cut, not refused: a long header must not lose the report.
const cut = (value: string | null | undefined, max: number): string | null =>
  value == null ? null : value.slice(0, max);

const present = (row: ClientErrorRow) => ({ ...row, createdAt: row.createdAt.toISOString() });

export interface ClientErrorReportInput {
  kind: ClientErrorKind;
  message: string;
  stack?: string | undefined;
  url: string;
  release: string;
  environment?: ClientEnvironment | undefined;
}

/**
 * The web app's error log. Reports come from anyone (an error on the sign-in page has no
 * session); only the sender's own organisation's distributor reads them.
 */
export function createClientErrorService(deps: {
  db: Db;
  clock: Clock;
  limiter: Limiter;
  limits: ClientErrorLimits;
  retention?: ClientErrorRetention;
}) {
  const { clock, limiter, limits } = deps;
  const retention = deps.retention ?? CLIENT_ERROR_RETENTION;
  const errors = createClientErrorRepository(deps.db);

  const checkLimits = async (caller: Caller | null, ip: string | null) => {
    const hits = [
      limiter.hit(`client-errors:ip:${ip ?? "unknown"}`, limits.perAddress.max, limits.perAddress.windowMs),
    ];
    if (caller) {
      // Per sign-in: its module sessions share one budget.
      hits.push(
        limiter.hit(`client-errors:session:${caller.rootSessionId}`, limits.perSession.max, limits.perSession.windowMs),
      );
    }
    const refused = (await Promise.all(hits)).filter((r) => !r.allowed);
    if (refused.length > 0) {
      throw new AppError(Errors.tooManyRequests, {
        retryAfterSeconds: Math.max(...refused.map((r) => r.retryAfterSeconds)),
      });
    }
  };

  return {
    async report(caller: Caller | null, input: ClientErrorReportInput, client: ClientInfo): Promise<null> {
      await checkLimits(caller, client.ip);
      await errors.insert({
        organisationId: caller?.organisationId ?? null,
        accountId: caller?.accountId ?? null,
        kind: input.kind,
        message: input.message,
        stack: input.stack || null,
        url: input.url,
        release: input.release,
        environment: input.environment ?? null,
        userAgent: cut(client.userAgent, CLIENT_ERROR_LIMITS.userAgent),
        ip: cut(client.ip, 64),
        createdAt: clock.now(),
      });
      return null;
    },

    async list(
      caller: Caller,
      input: { pageNum: number; pageSize: number; kinds?: ClientErrorKind[] | undefined; from?: string; to?: string },
    ) {
      const { rows, total } = await errors.list(
        {
          organisationId: caller.organisationId,
          kinds: input.kinds,
          from: input.from ? new Date(input.from) : undefined,
          to: input.to ? new Date(input.to) : undefined,
        },
        (input.pageNum - 1) * input.pageSize,
        input.pageSize,
      );
      return { list: rows.map(present), total, pageNum: input.pageNum, pageSize: input.pageSize };
    },

    /** Retention: reports older than 30 days go, then each organisation keeps its newest 5,000. */
    async pruneDue(): Promise<{ expired: number; beyondCap: number }> {
      const expired = await errors.pruneOlderThan(new Date(clock.now().getTime() - retention.days * DAY_MS));
      const beyondCap = await errors.pruneBeyond(retention.perOrganisation);
      return { expired, beyondCap };
    },
  };
}

export type ClientErrorService = ReturnType<typeof createClientErrorService>;
