import type { LanguageCode } from "@vrf/contract/constants.ts";
import { SECURITY_EVENT_ACCOUNTS_MAX } from "@vrf/contract/security-events/accounts.ts";
import type { SecurityEventType } from "@vrf/contract/security-events/event-types.ts";
import { SECURITY_EVENT_EXPORT_MAX_ROWS } from "@vrf/contract/security-events/export.ts";
import { SECURITY_EVENT_COUNT_CAP } from "@vrf/contract/security-events/list.ts";
import type { Clock } from "../../clock.ts";
import type { Db } from "../../db/open.ts";
import { type Download, XLSX_CONTENT_TYPE } from "../../plugins/download-route.ts";
import type { Caller } from "../session/session.service.ts";
import { securityEventWorkbook } from "./security-event-workbook.ts";
import {
  createSecurityEventRepository,
  type SecurityEventFilter,
  type SecurityEventRow,
} from "./security-events.repository.ts";

export interface SecurityEventInput {
  /** null when the event belongs to no known organisation (a failed sign-in for an unknown e-mail). */
  organisationId: number | null;
  accountId: number | null;
  /** The e-mail of the account concerned, or the one typed for an unknown account. */
  email: string | null;
  type: SecurityEventType;
  ip: string | null;
  userAgent?: string | null;
  detail?: Record<string, string | number | boolean | null>;
}

export interface SecurityEventFilterInput {
  accountId?: number | undefined;
  email?: string | undefined;
  types?: SecurityEventType[] | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

// Column bounds from migration 0005; input is cut rather than refused, since the
// values come from request headers and a too-long header must not lose the event.
const EMAIL_MAX = 320;
const IP_MAX = 64;
const USER_AGENT_MAX = 300;

const cut = (value: string | null | undefined, max: number): string | null =>
  value == null ? null : value.slice(0, max);

const present = (row: SecurityEventRow) => ({ ...row, createdAt: row.createdAt.toISOString() });

/**
 * The security log. Only the caller's own organisation is ever read: a
 * distributor's sub-distributors are separate companies with logs of their own.
 */
export function createSecurityEventService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  const events = createSecurityEventRepository(db);

  const filterOf = (caller: Caller, input: SecurityEventFilterInput): SecurityEventFilter => ({
    organisationId: caller.organisationId,
    accountId: input.accountId,
    email: input.email || undefined,
    types: input.types,
    from: input.from ? new Date(input.from) : undefined,
    to: input.to ? new Date(input.to) : undefined,
  });

  return {
    /**
     * One insert. Throws like any write; `executor` lets a caller record inside
     * its own transaction so the event commits (or rolls back) with the action.
     */
    async record(event: SecurityEventInput, executor: Db = db): Promise<void> {
      await executor
        .insertInto("security_events")
        .values({
          organisation_id: event.organisationId,
          account_id: event.accountId,
          email: cut(event.email, EMAIL_MAX),
          type: event.type,
          ip: cut(event.ip, IP_MAX),
          user_agent: cut(event.userAgent, USER_AGENT_MAX),
          detail: JSON.stringify(event.detail ?? {}),
          created_at: clock.now(),
        })
        .execute();
    },

    async list(caller: Caller, input: SecurityEventFilterInput & { pageNum: number; pageSize: number }) {
      const { rows, total, totalCapped } = await events.list(
        filterOf(caller, input),
        (input.pageNum - 1) * input.pageSize,
        input.pageSize,
        SECURITY_EVENT_COUNT_CAP,
      );
      return { list: rows.map(present), total, totalCapped, pageNum: input.pageNum, pageSize: input.pageSize };
    },

    async accounts(caller: Caller) {
      return { list: await events.accounts(caller.organisationId, SECURITY_EVENT_ACCOUNTS_MAX) };
    },

    async export(
      caller: Caller,
      input: SecurityEventFilterInput & { utcOffsetMinutes: number },
      language: LanguageCode,
    ): Promise<Download> {
      const rows = await events.all(filterOf(caller, input), SECURITY_EVENT_EXPORT_MAX_ROWS);
      const day = clock.now().toISOString().slice(0, 10).replaceAll("-", "");
      return {
        filename: `${language === "zh" ? "安全事件" : "security-events"}-${day}.xlsx`,
        contentType: XLSX_CONTENT_TYPE,
        body: await securityEventWorkbook(rows, language, input.utcOffsetMinutes),
        exported: { what: "securityEvents", rows: rows.length },
      };
    },
  };
}

export type SecurityEventService = ReturnType<typeof createSecurityEventService>;
