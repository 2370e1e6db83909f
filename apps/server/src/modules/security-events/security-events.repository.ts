import type { SecurityEventType } from "@vrf/contract/security-events/event-types.ts";
import { containsPattern } from "../../db/like.ts";
import type { Db } from "../../db/open.ts";
import { pageBound } from "../../db/page-bound.ts";

export interface SecurityEventFilter {
  organisationId: number;
  accountId?: number | undefined;
  email?: string | undefined;
  types?: readonly SecurityEventType[] | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

export interface SecurityEventRow {
  id: number;
  type: string;
  accountId: number | null;
  email: string | null;
  ip: string | null;
  userAgent: string | null;
  detail: Record<string, string | number | boolean | null>;
  createdAt: Date;
}

export const createSecurityEventRepository = (db: Db) => {
  // Every read starts from one organisation: the index on (organisation_id, created_at, id) serves it.
  const filtered = (filter: SecurityEventFilter) => {
    let query = db.selectFrom("security_events").where("organisation_id", "=", filter.organisationId);
    if (filter.accountId !== undefined) query = query.where("account_id", "=", filter.accountId);
    if (filter.email) query = query.where("email", "ilike", containsPattern(filter.email));
    if (filter.types?.length) query = query.where("type", "in", [...filter.types]);
    if (filter.from) query = query.where("created_at", ">=", filter.from);
    if (filter.to) query = query.where("created_at", "<", filter.to);
    return query;
  };

  const page = (filter: SecurityEventFilter, offset: number, limit: number): Promise<SecurityEventRow[]> =>
    filtered(filter)
      .select([
        "id",
        "type",
        "account_id as accountId",
        "email",
        "ip",
        "user_agent as userAgent",
        "detail",
        "created_at as createdAt",
      ])
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .offset(pageBound(offset))
      .limit(pageBound(limit))
      .execute();

  return {
    /** A page and the number of matching events, counted no further than `countCap` + 1. */
    async list(filter: SecurityEventFilter, offset: number, limit: number, countCap: number) {
      const [counted, rows] = await Promise.all([
        db
          .selectFrom(
            filtered(filter)
              .select("id")
              .limit(countCap + 1)
              .as("capped"),
          )
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow(),
        page(filter, offset, limit),
      ]);
      const n = Number(counted.n);
      return { rows, total: Math.min(n, countCap), totalCapped: n > countCap };
    },

    /** Newest first, at most `limit` rows (an export). */
    all: (filter: SecurityEventFilter, limit: number) => page(filter, 0, limit),

    accounts: (organisationId: number, limit: number) =>
      db
        .selectFrom("accounts")
        .where("organisation_id", "=", organisationId)
        .select(["id", "email", "name"])
        .orderBy("email")
        .limit(limit)
        .execute(),
  };
};

export type SecurityEventRepository = ReturnType<typeof createSecurityEventRepository>;
