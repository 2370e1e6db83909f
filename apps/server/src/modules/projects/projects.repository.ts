import type { TDeviceKind } from "@vrf/contract/projects/project-fields.ts";
import type { TProjectSortField } from "@vrf/contract/projects/project-list.ts";
import { sql } from "kysely";
import { carriedTotal } from "../../db/carried-total.ts";
import { containsPattern } from "../../db/like.ts";
import { mergedPageIds } from "../../db/merged-page.ts";
import type { Db } from "../../db/open.ts";
import { pageBound } from "../../db/page-bound.ts";
import { narrowedScope } from "../scope/narrowed-scope.ts";
import { createScopeCountsRepository, scopeCountSql } from "../scope/scope-counts.repository.ts";

export interface ProjectFilterValues {
  keyword?: string | undefined;
  countryCode?: string | undefined;
  cityCode?: string | undefined;
  organisationId?: number | undefined;
  alarmState?: "alarm" | "normal" | undefined;
}

export interface ProjectOrder {
  sort: TProjectSortField | undefined;
  descending: boolean;
}

export interface Paging {
  limit: number;
  offset: number;
}

export interface ProjectValues {
  name: string;
  contactPerson: string;
  contactPhone: string;
  countryCode: string;
  cityCode: string;
  address: string;
  latitude: number | null;
  longitude: number | null;
}

const SORT_COLUMNS: Record<TProjectSortField, string> = {
  name: "p.name",
  code: "p.code",
  organisationName: "o.name",
  countryName: "coalesce(rc.name, p.country_code)",
  cityName: "coalesce(rt.name, p.city_code)",
  alarmCount: "p.open_fault_count",
  createdAt: "p.created_at",
};

/**
 * Projects joined with their owner and region names in one language. The device counts by kind
 * and the open-fault count are columns of the project kept by triggers (0006_list_counts), so a
 * page reads twenty rows, never the devices and faults of every project.
 */
const projectRows = (db: Db, organisationIds: number[], languageId: number) =>
  db
    .selectFrom("projects as p")
    .innerJoin("organisations as o", "o.id", "p.organisation_id")
    .leftJoin("regions as rc", (join) =>
      join.onRef("rc.code", "=", "p.country_code").on("rc.language_id", "=", languageId),
    )
    .leftJoin("regions as rt", (join) =>
      join.onRef("rt.code", "=", "p.city_code").on("rt.language_id", "=", languageId),
    )
    .where("p.organisation_id", "in", organisationIds);

type ProjectRowsQuery = ReturnType<typeof projectRows>;

/**
 * The exact number of projects the filters leave. Without a text or region filter it is the
 * maintained per-organisation count (one indexed read); otherwise the filtered rows are counted.
 */
/** The total as a subquery of the page's own statement, when the kept counts give it (see countOf). */
const keptCountSql = (organisationIds: number[], filters: ProjectFilterValues) => {
  if (filters.keyword || filters.countryCode || filters.cityCode) return undefined;
  const scope = narrowedScope(organisationIds, filters.organisationId);
  if (filters.alarmState === "alarm") return scopeCountSql(scope, "projects:alarm");
  if (filters.alarmState === "normal") return scopeCountSql(scope, "projects", "projects:alarm");
  return scopeCountSql(scope, "projects");
};

const countOf = async (
  db: Db,
  filtered: ProjectRowsQuery,
  organisationIds: number[],
  filters: ProjectFilterValues,
): Promise<number> => {
  if (!filters.keyword && !filters.countryCode && !filters.cityCode) {
    const counts = await createScopeCountsRepository(db).sums(narrowedScope(organisationIds, filters.organisationId), [
      "projects",
      "projects:alarm",
    ] as const);
    if (filters.alarmState === "alarm") return counts["projects:alarm"];
    if (filters.alarmState === "normal") return counts.projects - counts["projects:alarm"];
    return counts.projects;
  }
  const row = await filtered.select(sql<number>`count(*)::int`.as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
};

const alarmCount = sql<number>`p.open_fault_count`;

const applyFilters = (query: ProjectRowsQuery, filters: ProjectFilterValues): ProjectRowsQuery => {
  let q = query;
  if (filters.keyword) {
    const like = containsPattern(filters.keyword);
    q = q.where((eb) => eb.or([eb("p.name", "ilike", like), eb("p.code", "ilike", like)]));
  }
  if (filters.countryCode) q = q.where("p.country_code", "=", filters.countryCode);
  if (filters.cityCode) q = q.where("p.city_code", "=", filters.cityCode);
  if (filters.organisationId !== undefined) q = q.where("p.organisation_id", "=", filters.organisationId);
  if (filters.alarmState === "alarm") q = q.where(alarmCount, ">", 0);
  if (filters.alarmState === "normal") q = q.where(alarmCount, "=", 0);
  return q;
};

const listColumns = [
  sql<number>`p.id`.as("id"),
  sql<string>`p.code`.as("code"),
  sql<string>`p.name`.as("name"),
  sql<number>`p.organisation_id`.as("organisation_id"),
  sql<string>`o.name`.as("organisation_name"),
  sql<string>`p.country_code`.as("country_code"),
  sql<string>`coalesce(rc.name, p.country_code)`.as("country_name"),
  sql<string>`p.city_code`.as("city_code"),
  sql<string>`coalesce(rt.name, p.city_code)`.as("city_name"),
  sql<string>`p.address`.as("address"),
  sql<string>`p.contact_person`.as("contact_person"),
  sql<string>`p.contact_phone`.as("contact_phone"),
  sql<number | null>`p.latitude`.as("latitude"),
  sql<number | null>`p.longitude`.as("longitude"),
  sql<number>`p.himit_count`.as("himit"),
  sql<number>`p.hidom_count`.as("hidom"),
  sql<number>`p.smarttouch_count`.as("smarttouch"),
  sql<number>`p.checker_count`.as("checker"),
  alarmCount.as("alarm_count"),
  sql<Date>`p.created_at`.as("created_at"),
  sql<Date>`p.updated_at`.as("updated_at"),
];

const ordered = (query: ProjectRowsQuery, order: ProjectOrder): ProjectRowsQuery => {
  const direction = order.descending ? sql`desc` : sql`asc`;
  const column = order.sort ? SORT_COLUMNS[order.sort] : undefined;
  // The id tie-breaker keeps pages stable when many rows share a value.
  return column
    ? query.orderBy(sql`${sql.raw(column)} ${direction}`).orderBy(sql`p.id ${direction}`)
    : query.orderBy(sql`p.created_at desc`).orderBy(sql`p.id desc`);
};

/**
 * Sorts that an index gives per organisation (projects_organisation_idx for the newest first, and
 * migration 0015's), so a page across several organisations merges each one's first rows.
 */
const MERGEABLE_SORTS: Partial<Record<TProjectSortField, string>> = {
  createdAt: "p.created_at",
  alarmCount: "p.open_fault_count",
  name: "p.name",
  code: "p.code",
};

const mergedSort = (order: ProjectOrder): { column: string; direction: "asc" | "desc" } | undefined => {
  if (!order.sort) return { column: "p.created_at", direction: "desc" };
  const column = MERGEABLE_SORTS[order.sort];
  return column ? { column, direction: order.descending ? "desc" : "asc" } : undefined;
};

export const createProjectsRepository = (db: Db) => ({
  async list(
    organisationIds: number[],
    languageId: number,
    filters: ProjectFilterValues,
    order: ProjectOrder,
    paging: Paging,
  ) {
    const base = applyFilters(projectRows(db, organisationIds, languageId), filters);
    const scopeIds = narrowedScope(organisationIds, filters.organisationId);
    let page = ordered(base, order).select(listColumns).limit(pageBound(paging.limit));
    const merged = mergedSort(order);
    if (merged && scopeIds.length > 1) {
      // Across a distributor and its sub-distributors: see mergedPageIds.
      const column = sql.raw(merged.column);
      const direction = sql.raw(merged.direction);
      const branches = scopeIds.map((organisationId) =>
        applyFilters(projectRows(db, [organisationId], languageId), filters)
          .select([sql<number>`p.id`.as("id"), sql`${column}`.as("sort_key")])
          .orderBy(sql`${column} ${direction}`)
          .orderBy(sql`p.id ${direction}`)
          .limit(pageBound(paging.offset + paging.limit)),
      );
      page = page.where("p.id", "in", mergedPageIds(db, branches, { direction: merged.direction }, paging));
    } else {
      page = page.offset(pageBound(paging.offset));
    }
    const kept = keptCountSql(organisationIds, filters);
    if (kept) {
      const rows = await page.select(kept.as("kept_total")).execute();
      return { rows, total: await carriedTotal(rows, "kept_total", () => countOf(db, base, organisationIds, filters)) };
    }
    const [rows, total] = await Promise.all([page.execute(), countOf(db, base, organisationIds, filters)]);
    return { rows, total };
  },

  listAll(
    organisationIds: number[],
    languageId: number,
    filters: ProjectFilterValues,
    order: ProjectOrder,
    limit: number,
  ) {
    const base = applyFilters(projectRows(db, organisationIds, languageId), filters);
    return ordered(base, order).select(listColumns).limit(limit).execute();
  },

  async find(organisationIds: number[], languageId: number, key: { id?: number; code?: string }) {
    let query = projectRows(db, organisationIds, languageId)
      .leftJoin("accounts as creator", "creator.id", "p.created_by")
      .select(listColumns)
      .select((eb) => [
        "creator.name as created_by_name",
        eb
          .selectFrom("repair_reports as r")
          .innerJoin("devices as d", "d.id", "r.device_id")
          .whereRef("d.project_id", "=", "p.id")
          .select(sql<number>`count(*)::int`.as("n"))
          .as("repair_report_count"),
      ]);
    if (key.id !== undefined) query = query.where("p.id", "=", key.id);
    if (key.code !== undefined) query = query.where("p.code", "=", key.code);
    return query.executeTakeFirst();
  },

  /** The project's owner, when it is in scope; undefined for another tenant's or a missing id. */
  ownerOf: async (organisationIds: number[], projectId: number) =>
    (
      await db
        .selectFrom("projects")
        .where("id", "=", projectId)
        .where("organisation_id", "in", organisationIds)
        .select("organisation_id")
        .executeTakeFirst()
    )?.organisation_id,

  async devices(organisationIds: number[], projectId: number, kind: TDeviceKind | undefined, paging: Paging) {
    let base = db
      .selectFrom("devices as d")
      .innerJoin("projects as p", "p.id", "d.project_id")
      .where("p.id", "=", projectId)
      .where("p.organisation_id", "in", organisationIds);
    if (kind) base = base.where("d.kind", "=", kind);
    const [rows, total] = await Promise.all([
      base
        .select((eb) => [
          "d.id",
          "d.kind",
          "d.device_code",
          "d.serial_number",
          "d.alias",
          "d.model",
          "d.firmware",
          "d.status",
          "d.last_seen_at",
          eb
            .selectFrom("faults as f")
            .whereRef("f.device_id", "=", "d.id")
            .where("f.repaired_at", "is", null)
            .select(sql<number>`count(*)::int`.as("n"))
            .as("open_fault_count"),
        ])
        .orderBy(sql`case d.kind when 'himit' then 0 when 'hidom' then 1 when 'smarttouch' then 2 else 3 end`)
        .orderBy("d.created_at", "desc")
        .orderBy("d.id", "desc")
        .limit(pageBound(paging.limit))
        .offset(pageBound(paging.offset))
        .execute(),
      base.select(sql<number>`count(*)::int`.as("n")).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  },

  async openFaults(organisationIds: number[], projectId: number, languageId: number, paging: Paging) {
    const base = db
      .selectFrom("faults as f")
      .innerJoin("projects as p", "p.id", "f.project_id")
      .innerJoin("devices as d", "d.id", "f.device_id")
      .leftJoin("fault_codes as fc", "fc.code", "f.code")
      .where("p.id", "=", projectId)
      .where("p.organisation_id", "in", organisationIds)
      .where("f.repaired_at", "is", null);
    const [rows, total] = await Promise.all([
      base
        .select([
          "f.id",
          "f.code",
          languageId === 0 ? "fc.name_zh as name" : "fc.name_en as name",
          "f.device_id",
          "d.kind as device_kind",
          "d.device_code",
          "f.system_number",
          "f.outdoor_address",
          "f.indoor_address",
          "f.occurred_at",
        ])
        .orderBy("f.occurred_at", "desc")
        .orderBy("f.id", "desc")
        .limit(pageBound(paging.limit))
        .offset(pageBound(paging.offset))
        .execute(),
      base.select(sql<number>`count(*)::int`.as("n")).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  },

  async repairReports(organisationIds: number[], projectId: number, paging: Paging) {
    const base = db
      .selectFrom("repair_reports as r")
      .innerJoin("devices as d", "d.id", "r.device_id")
      .innerJoin("projects as p", "p.id", "d.project_id")
      .where("p.id", "=", projectId)
      .where("p.organisation_id", "in", organisationIds);
    const [rows, total] = await Promise.all([
      base
        .select(["r.id", "r.user_name", "r.product_model", "r.serial_number", "r.content", "r.status", "r.reported_at"])
        .orderBy("r.reported_at", "desc")
        .orderBy("r.id", "desc")
        .limit(pageBound(paging.limit))
        .offset(pageBound(paging.offset))
        .execute(),
      base.select(sql<number>`count(*)::int`.as("n")).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  },

  /**
   * The map's points: id, position and open faults only (names, codes and device counts are
   * fetched per project when a popup opens). Positions are rounded to 5 decimals (about a
   * metre), finer than the map can show, which keeps the JSON short. `bbox` (west, south, east,
   * north) keeps the points inside a viewport; west greater than east crosses the antimeridian.
   */
  async mapPoints(
    organisationIds: number[],
    filters: ProjectFilterValues,
    bbox?: readonly [number, number, number, number],
  ) {
    const located = applyFilters(projectRows(db, organisationIds, 0), filters);
    let inView = located.where("p.latitude", "is not", null).where("p.longitude", "is not", null);
    if (bbox) {
      const [west, south, east, north] = bbox;
      inView = inView.where("p.latitude", ">=", south).where("p.latitude", "<=", north);
      inView =
        west <= east
          ? inView.where("p.longitude", ">=", west).where("p.longitude", "<=", east)
          : inView.where((eb) => eb.or([eb("p.longitude", ">=", west), eb("p.longitude", "<=", east)]));
    }
    const [rows, unlocated] = await Promise.all([
      inView
        .select([
          sql<number>`p.id`.as("id"),
          sql<number>`round(p.latitude::numeric, 5)::float8`.as("lat"),
          sql<number>`round(p.longitude::numeric, 5)::float8`.as("lng"),
          alarmCount.as("alarms"),
        ])
        .orderBy("p.id")
        .execute(),
      located
        .where((eb) => eb.or([eb("p.latitude", "is", null), eb("p.longitude", "is", null)]))
        .select(sql<number>`count(*)::int`.as("n"))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, unlocated: Number(unlocated.n) };
  },

  /** Projects of the scope among `ids` (one place on the map), by name; the rest are not the caller's. */
  placeProjects(organisationIds: number[], languageId: number, ids: number[]) {
    return projectRows(db, organisationIds, languageId)
      .where("p.id", "in", ids)
      .select([
        sql<number>`p.id`.as("id"),
        sql<string>`p.code`.as("code"),
        sql<string>`p.name`.as("name"),
        sql<string>`p.address`.as("address"),
        sql<string>`coalesce(rt.name, p.city_code)`.as("city_name"),
        alarmCount.as("alarm_count"),
      ])
      .orderBy("p.name")
      .orderBy("p.id")
      .execute();
  },

  /** Whether a country code, or a city code under that country, exists in the region table. */
  async regionExists(code: string, parentCode: string | null) {
    const row = await db
      .selectFrom("regions")
      .where("code", "=", code)
      .where("parent_code", parentCode === null ? "is" : "=", parentCode)
      .select("id")
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  },

  /** The highest project ID with this prefix followed by digits only (e.g. P2026 -> P20260036). */
  async lastCodeWithPrefix(prefix: string) {
    const row = await db
      .selectFrom("projects")
      .where("code", "like", `${prefix}%`)
      .where(sql<boolean>`substr(code, ${prefix.length + 1}) ~ '^[0-9]+$'`)
      .select("code")
      .orderBy(sql`length(code)`, "desc")
      .orderBy("code", "desc")
      .limit(1)
      .executeTakeFirst();
    return row?.code;
  },

  /** Inserts unless the code is taken meanwhile; undefined then, so the caller can take the next one. */
  insert: async (
    organisationId: number,
    accountId: number,
    code: string,
    values: ProjectValues,
    now: Date,
  ): Promise<number | undefined> =>
    (
      await db
        .insertInto("projects")
        .values({
          organisation_id: organisationId,
          code,
          ...columnsOf(values),
          created_by: accountId,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.column("code").doNothing())
        .returning("id")
        .executeTakeFirst()
    )?.id,

  update: async (organisationIds: number[], id: number, values: ProjectValues, now: Date) =>
    (await db
      .updateTable("projects")
      .set({ ...columnsOf(values), updated_at: now })
      .where("id", "=", id)
      .where("organisation_id", "in", organisationIds)
      .returning(["id", "code"])
      .executeTakeFirst()) ?? undefined,

  /** Runs `work` in one transaction, with this repository bound to it. */
  transaction: <T>(work: (repository: ProjectsRepository) => Promise<T>): Promise<T> =>
    db.transaction().execute((trx) => work(createProjectsRepository(trx))),

  /**
   * Locks a project of the scope for a change that depends on its devices. The row lock
   * conflicts with the key-share lock a device insert takes on its project, so no device
   * can be attached until the transaction ends. False for another tenant's or a missing id.
   */
  lockInScope: async (organisationIds: number[], id: number): Promise<boolean> =>
    (await db
      .selectFrom("projects")
      .where("id", "=", id)
      .where("organisation_id", "in", organisationIds)
      .select("id")
      .forUpdate()
      .executeTakeFirst()) !== undefined,

  hasDevices: async (id: number): Promise<boolean> =>
    (await db.selectFrom("devices").where("project_id", "=", id).select("id").limit(1).executeTakeFirst()) !==
    undefined,

  /** Deletes a project; its faults keep their history, only losing the link to it. */
  async remove(id: number) {
    await db.updateTable("faults").set({ project_id: null }).where("project_id", "=", id).execute();
    await db.deleteFrom("projects").where("id", "=", id).execute();
  },
});

const columnsOf = (values: ProjectValues) => ({
  name: values.name,
  contact_person: values.contactPerson,
  contact_phone: values.contactPhone,
  country_code: values.countryCode,
  city_code: values.cityCode,
  address: values.address,
  latitude: values.latitude,
  longitude: values.longitude,
});

export type ProjectListRow = Awaited<ReturnType<ProjectsRepository["listAll"]>>[number];

export interface ProjectsRepository extends ReturnType<typeof createProjectsRepository> {}
