import type { LanguageCode } from "@vrf/contract/constants.ts";
import type { FaultSort } from "@vrf/contract/faults/fault-list.ts";
import { type ExpressionBuilder, type RawBuilder, sql } from "kysely";
import { containsPattern } from "../../db/like.ts";
import { mergedPageIds } from "../../db/merged-page.ts";
import type { Db } from "../../db/open.ts";
import { pageBound } from "../../db/page-bound.ts";
import type { FaultCodeTable } from "../../db/schema.ts";
import { createScopeCountsRepository, scopeCountSql } from "../scope/scope-counts.repository.ts";
import { createFaultCountsRepository } from "./fault-counts.repository.ts";
import { dayText, localDateSql } from "./fault-day-sql.ts";

export interface FaultFilters {
  organisationIds: number[];
  /**
   * The Hi-Checker module's fault analysis: faults raised through checkers only, those of the
   * organisations' checkers and, for an engineer, of the checkers bound to them wherever they are.
   */
  checkers?: { boundAccountId?: number | undefined };
  projectId?: number;
  deviceId?: number;
  code?: string;
  state?: "open" | "repaired";
  from?: Date;
  to?: Date;
}

const SORT_COLUMNS = {
  occurredAt: "f.occurred_at",
  repairedAt: "f.repaired_at",
  code: "f.code",
  project: "p.name",
  serialNumber: "d.serial_number",
} as const satisfies Record<FaultSort, string>;

/** What a count means under a state filter: open faults only, or the repaired ones. */
const underState = (counted: { total: number; open: number }, state: FaultFilters["state"]) =>
  state === "open"
    ? { total: counted.open, open: counted.open }
    : state === "repaired"
      ? { total: counted.total - counted.open, open: 0 }
      : { total: counted.total, open: counted.open };

/**
 * A whole scope's counts come from the buckets the fault triggers keep; a project's or a
 * device's (a few hundred rows at most, on their own index) are counted from the rows.
 */
const bucketed = (filters: FaultFilters) =>
  filters.projectId === undefined && filters.deviceId === undefined && filters.checkers === undefined;

/** No code or time range: the whole scope's kept totals answer (scope_counts "faults", "faults:open"). */
const wholeScope = (filters: FaultFilters) =>
  bucketed(filters) && filters.code === undefined && filters.from === undefined && filters.to === undefined;

const countFilters = (filters: FaultFilters) => ({
  organisationIds: filters.organisationIds,
  code: filters.code,
  from: filters.from,
  to: filters.to,
});

export const createFaultRepository = (db: Db) => {
  const counts = createFaultCountsRepository(db);
  const boundCheckerIds = (accountId: number) =>
    db.selectFrom("device_bound_users as b").select("b.device_id").where("b.account_id", "=", accountId);

  /** The checkers of a Hi-Checker scope (devices' (organisation, kind) index; bound ones by account). */
  const checkerIds = (organisationIds: number[], boundAccountId: number | undefined) =>
    db
      .selectFrom("devices as cd")
      .where("cd.kind", "=", "checker")
      .where((eb) =>
        boundAccountId === undefined
          ? eb("cd.organisation_id", "in", organisationIds)
          : eb.or([
              eb("cd.organisation_id", "in", organisationIds),
              eb("cd.id", "in", boundCheckerIds(boundAccountId)),
            ]),
      )
      .select("cd.id");

  /**
   * `part` splits a Hi-Checker scope with bound checkers for a merged page: its organisations'
   * checkers (one partial index each) and the bound checkers elsewhere (the device index).
   */
  const filtered = (filters: FaultFilters, part: "all" | "organisations" | "boundElsewhere" = "all") => {
    const { checkers, organisationIds } = filters;
    let query = db.selectFrom("faults as f");
    const bound = checkers?.boundAccountId;
    if (!checkers || bound === undefined || part === "organisations") {
      query = query.where("f.organisation_id", "in", organisationIds);
    } else if (part === "boundElsewhere") {
      query = query
        .where("f.device_id", "in", boundCheckerIds(bound))
        .where("f.organisation_id", "not in", organisationIds);
    } else {
      // Bound checkers' faults carry their own organisations: the binding brings them in.
      query = query.where((eb) =>
        eb.or([eb("f.organisation_id", "in", organisationIds), eb("f.device_id", "in", boundCheckerIds(bound))]),
      );
    }
    // A literal, not a parameter: a prepared statement's generic plan can then use the partial index.
    if (checkers) query = query.where(sql<boolean>`f.from_checker`);
    if (filters.projectId !== undefined) query = query.where("f.project_id", "=", filters.projectId);
    if (filters.deviceId !== undefined) query = query.where("f.device_id", "=", filters.deviceId);
    if (filters.code !== undefined) query = query.where("f.code", "=", filters.code);
    if (filters.state === "open") query = query.where("f.repaired_at", "is", null);
    if (filters.state === "repaired") query = query.where("f.repaired_at", "is not", null);
    if (filters.from) query = query.where("f.occurred_at", ">=", filters.from);
    if (filters.to) query = query.where("f.occurred_at", "<", filters.to);
    return query;
  };

  const nameColumn = (language: LanguageCode) => (language === "zh" ? "c.name_zh" : "c.name_en");
  const localisedName = (language: LanguageCode) => (eb: ExpressionBuilder<{ c: FaultCodeTable }, "c">) =>
    eb.ref(nameColumn(language)).as("name");

  return {
    /**
     * The total of a page's filters as a subquery its statement can carry (one round trip), when the
     * kept per-organisation counts give it exactly; undefined otherwise.
     */
    keptTotal(filters: FaultFilters) {
      if (!wholeScope(filters)) return undefined;
      if (filters.state === "open") return scopeCountSql(filters.organisationIds, "faults:open");
      if (filters.state === "repaired") return scopeCountSql(filters.organisationIds, "faults", "faults:open");
      return scopeCountSql(filters.organisationIds, "faults");
    },

    records(
      filters: FaultFilters,
      page: { offset: number; limit: number; sort: FaultSort; descending: boolean },
      language: LanguageCode,
      /** A total for every row to carry (`keptTotal`). */
      withTotal?: RawBuilder<number>,
    ) {
      const direction = page.descending ? "desc" : "asc";
      const query = filtered(filters)
        .innerJoin("devices as d", "d.id", "f.device_id")
        .innerJoin("organisations as o", "o.id", "f.organisation_id")
        .leftJoin("projects as p", "p.id", "f.project_id")
        .leftJoin("fault_codes as c", "c.code", "f.code")
        .select([
          "f.id",
          "f.code",
          localisedName(language),
          "c.severity",
          "f.occurred_at as occurredAt",
          "f.repaired_at as repairedAt",
          "f.project_id as projectId",
          "p.code as projectCode",
          "p.name as projectName",
          "f.device_id as deviceId",
          "d.kind as deviceKind",
          "d.serial_number as serialNumber",
          "f.system_number as systemNumber",
          "f.outdoor_address as outdoorAddress",
          "f.indoor_address as indoorAddress",
          "f.organisation_id as organisationId",
          "o.name as organisationName",
          (withTotal ?? sql<number | null>`null`).as("keptTotal"),
        ])
        .orderBy(SORT_COLUMNS[page.sort], (ob) => {
          const ordered = page.descending ? ob.desc() : ob.asc();
          // occurred_at is never null; "nulls last" on it would stop the time index from giving the order.
          return page.sort === "occurredAt" ? ordered : ordered.nullsLast();
        })
        .orderBy("f.id", direction)
        .limit(pageBound(page.limit));
      const boundElsewhere = filters.checkers?.boundAccountId !== undefined;
      if (page.sort !== "occurredAt" || (filters.organisationIds.length < 2 && !boundElsewhere)) {
        return query.offset(pageBound(page.offset)).execute();
      }
      // Newest first across several organisations (and an engineer's bound checkers): each part's
      // page comes off its own time index and the pages are merged, instead of sorting every fault
      // of the scope.
      const branch = (part: ReturnType<typeof filtered>) =>
        part
          .select(["f.id", "f.occurred_at as sort_key"])
          .orderBy("f.occurred_at", direction)
          .orderBy("f.id", direction)
          .limit(pageBound(page.offset + page.limit));
      const branches = filters.organisationIds.map((organisationId) =>
        branch(filtered({ ...filters, organisationIds: [organisationId] }, "organisations")),
      );
      if (boundElsewhere) branches.push(branch(filtered(filters, "boundElsewhere")));
      const pageIds = mergedPageIds(db, branches, { direction }, page);
      return query.where("f.id", "in", pageIds).execute();
    },

    async totals(filters: FaultFilters) {
      if (wholeScope(filters)) {
        const kept = await createScopeCountsRepository(db).sums(filters.organisationIds, ["faults", "faults:open"]);
        return underState({ total: kept.faults, open: kept["faults:open"] }, filters.state);
      }
      if (bucketed(filters)) return underState(await counts.totals(countFilters(filters)), filters.state);
      const row = await filtered(filters)
        .select([
          sql<number>`count(*)::int`.as("total"),
          sql<number>`(count(*) filter (where f.repaired_at is null))::int`.as("open"),
        ])
        .executeTakeFirstOrThrow();
      return { total: Number(row.total), open: Number(row.open) };
    },

    async byCode(filters: FaultFilters, language: LanguageCode) {
      if (bucketed(filters)) {
        const rows = (await counts.byCode(countFilters(filters)))
          .map((r) => ({ code: r.code, ...underState(r, filters.state) }))
          .filter((r) => r.total > 0);
        const names = await this.codeNames(
          rows.map((r) => r.code),
          language,
        );
        return rows
          .map((r) => ({ ...r, name: names.get(r.code) ?? null }))
          .sort((a, b) => b.total - a.total || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
      }
      return filtered(filters)
        .leftJoin("fault_codes as c", "c.code", "f.code")
        .select([
          "f.code",
          localisedName(language),
          sql<number>`count(*)::int`.as("total"),
          sql<number>`(count(*) filter (where f.repaired_at is null))::int`.as("open"),
        ])
        .groupBy(["f.code", "c.name_zh", "c.name_en"])
        .orderBy("total", "desc")
        .orderBy("f.code")
        .execute();
    },

    async byDay(filters: FaultFilters, utcOffsetMinutes: number) {
      if (bucketed(filters)) {
        const days = await counts.byDay(countFilters(filters), utcOffsetMinutes);
        if (days) {
          return days.map((d) => ({ day: d.day, ...underState(d, filters.state) })).filter((d) => d.total > 0);
        }
      }
      const date = localDateSql("f.occurred_at", utcOffsetMinutes);
      const perDate = filtered(filters)
        .select([
          date.as("date"),
          sql<number>`count(*)::int`.as("total"),
          sql<number>`(count(*) filter (where f.repaired_at is null))::int`.as("open"),
        ])
        .groupBy(date)
        .as("x");
      return db
        .selectFrom(perDate)
        .select([dayText("x.date").as("day"), "x.total", "x.open"])
        .orderBy("x.date")
        .execute();
    },

    /** The catalogue names of some codes in one language. */
    async codeNames(codes: string[], language: LanguageCode): Promise<Map<string, string>> {
      if (codes.length === 0) return new Map();
      const rows = await db
        .selectFrom("fault_codes as c")
        .where("c.code", "in", codes)
        .select(["c.code", localisedName(language)])
        .execute();
      return new Map(rows.map((r) => [r.code, r.name]));
    },

    codes(keyword: string | undefined) {
      let query = db.selectFrom("fault_codes as c").selectAll().orderBy("c.code");
      if (keyword) {
        const like = containsPattern(keyword);
        query = query.where((eb) =>
          eb.or([eb("c.code", "ilike", like), eb("c.name_zh", "ilike", like), eb("c.name_en", "ilike", like)]),
        );
      }
      return query.execute();
    },

    async projectInScope(organisationIds: number[], projectId: number): Promise<boolean> {
      const row = await db
        .selectFrom("projects")
        .where("id", "=", projectId)
        .where("organisation_id", "in", organisationIds)
        .select("id")
        .executeTakeFirst();
      return row !== undefined;
    },

    async deviceInScope(organisationIds: number[], deviceId: number): Promise<boolean> {
      const row = await db
        .selectFrom("devices")
        .where("id", "=", deviceId)
        .where("organisation_id", "in", organisationIds)
        .select("id")
        .executeTakeFirst();
      return row !== undefined;
    },

    async checkerInScope(organisationIds: number[], boundAccountId: number | undefined, deviceId: number) {
      const row = await checkerIds(organisationIds, boundAccountId).where("cd.id", "=", deviceId).executeTakeFirst();
      return row !== undefined;
    },

    deviceOptions(
      organisationIds: number[],
      options: { keyword?: string; projectId?: number; id?: number; limit: number },
      checkers?: FaultFilters["checkers"],
    ) {
      let query = db
        .selectFrom("devices as d")
        .leftJoin("projects as p", "p.id", "d.project_id")
        .where((eb) =>
          checkers
            ? eb("d.id", "in", checkerIds(organisationIds, checkers.boundAccountId))
            : eb("d.organisation_id", "in", organisationIds),
        )
        .select(["d.id", "d.kind", "d.serial_number as serialNumber", "p.name as projectName"])
        .orderBy("d.serial_number")
        .limit(options.limit);
      if (options.id !== undefined) query = query.where("d.id", "=", options.id);
      if (options.projectId !== undefined) query = query.where("d.project_id", "=", options.projectId);
      if (options.keyword) {
        const like = containsPattern(options.keyword);
        query = query.where((eb) => eb.or([eb("d.serial_number", "ilike", like), eb("d.device_code", "ilike", like)]));
      }
      return query.execute();
    },
  };
};

export type FaultRepository = ReturnType<typeof createFaultRepository>;
