import type { TRepairReportSort } from "@vrf/contract/repair-reports/list.ts";
import type { TRepairStatus } from "@vrf/contract/repair-reports/repair-report.ts";
import { type Kysely, sql } from "kysely";
import { containsPattern } from "../../db/like.ts";
import type { Db } from "../../db/open.ts";
import { pageBound } from "../../db/page-bound.ts";
import type { Database } from "../../db/schema.ts";

export interface RepairReportFilters {
  keyword?: string | undefined;
  /** A report id the keyword names as a reference (RR000042). */
  keywordId?: number | null;
  status?: TRepairStatus | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  organisationId?: number | undefined;
  projectId?: number | undefined;
}

export interface RepairReportPageQuery extends RepairReportFilters {
  pageNum: number;
  pageSize: number;
  sort?: TRepairReportSort | undefined;
  order?: "ascend" | "descend" | undefined;
}

export interface NewRepairReport {
  organisationId: number | null;
  deviceId: number | null;
  userName: string;
  country: string;
  address: string;
  email: string;
  phone: string;
  productModel: string;
  serialNumber: string;
  content: string;
  reportedAt: Date;
}

const SORT_COLUMNS = {
  reportedAt: "r.reported_at",
  updatedAt: "r.updated_at",
  status: "r.status",
  userName: "r.user_name",
  serialNumber: "r.serial_number",
} as const;

/**
 * Reports with their device and project. The device and project are joined only
 * when they belong to the caller's organisations too, so a device moved to another
 * tenant never leaks its project name through an old report.
 */
const reportsIn = (db: Kysely<Database>, organisationIds: number[]) =>
  db
    .selectFrom("repair_reports as r")
    .innerJoin("organisations as o", "o.id", "r.organisation_id")
    .leftJoin("devices as d", (join) =>
      join.onRef("d.id", "=", "r.device_id").on("d.organisation_id", "in", organisationIds),
    )
    .leftJoin("projects as p", (join) =>
      join.onRef("p.id", "=", "d.project_id").on("p.organisation_id", "in", organisationIds),
    )
    .where("r.organisation_id", "in", organisationIds);

type ReportQuery = ReturnType<typeof reportsIn>;

const applyFilters = (query: ReportQuery, f: RepairReportFilters, withStatus: boolean): ReportQuery => {
  let q = query;
  if (f.keyword) {
    const like = containsPattern(f.keyword);
    const keywordId = f.keywordId ?? null;
    q = q.where((eb) =>
      eb.or([
        eb("r.user_name", "ilike", like),
        eb("r.email", "ilike", like),
        eb("r.serial_number", "ilike", like),
        ...(keywordId !== null ? [eb("r.id", "=", keywordId)] : []),
      ]),
    );
  }
  if (withStatus && f.status !== undefined) q = q.where("r.status", "=", f.status);
  if (f.from) q = q.where("r.reported_at", ">=", f.from);
  if (f.to) q = q.where("r.reported_at", "<", f.to);
  if (f.organisationId !== undefined) q = q.where("r.organisation_id", "=", f.organisationId);
  if (f.projectId !== undefined) q = q.where("p.id", "=", f.projectId);
  return q;
};

const itemColumns = [
  "r.id",
  "r.user_name as userName",
  "r.country",
  "r.address",
  "r.email",
  "r.phone",
  "r.product_model as productModel",
  "r.serial_number as serialNumber",
  "r.content",
  "r.status",
  "r.reported_at as reportedAt",
  "r.updated_at as updatedAt",
  "r.organisation_id as organisationId",
  "o.name as organisationName",
  "d.id as deviceId",
  "d.kind as deviceKind",
  "d.device_code as deviceCode",
  "p.id as projectId",
  "p.name as projectName",
  "p.code as projectCode",
] as const;

export const createRepairReportRepository = (db: Db) => ({
  async page(organisationIds: number[], query: RepairReportPageQuery) {
    const base = applyFilters(reportsIn(db, organisationIds), query, true);
    const column = SORT_COLUMNS[query.sort ?? "reportedAt"];
    const direction = query.order === "ascend" ? "asc" : "desc";
    const [rows, total] = await Promise.all([
      base
        .select(itemColumns)
        .orderBy(column, direction)
        .orderBy("r.id", direction)
        .limit(pageBound(query.pageSize))
        .offset(pageBound((query.pageNum - 1) * query.pageSize))
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  },

  /** Per-status totals under every filter but the status one. */
  async statusCounts(organisationIds: number[], filters: RepairReportFilters) {
    const row = await applyFilters(reportsIn(db, organisationIds), filters, false)
      .select((eb) => [
        eb.fn.count<number>("r.id").filterWhere("r.status", "=", 0).as("unresolved"),
        eb.fn.count<number>("r.id").filterWhere("r.status", "=", 1).as("inProcess"),
        eb.fn.count<number>("r.id").filterWhere("r.status", "=", 2).as("resolved"),
      ])
      .executeTakeFirstOrThrow();
    return { unresolved: Number(row.unresolved), inProcess: Number(row.inProcess), resolved: Number(row.resolved) };
  },

  find: (organisationIds: number[], id: number) =>
    reportsIn(db, organisationIds).where("r.id", "=", id).select(itemColumns).executeTakeFirst(),

  timeline: (reportId: number) =>
    db
      .selectFrom("repair_report_notes as n")
      .innerJoin("accounts as a", "a.id", "n.account_id")
      .where("n.report_id", "=", reportId)
      .select([
        "n.id",
        "n.note",
        "n.from_status as fromStatus",
        "n.to_status as toStatus",
        "a.name as accountName",
        "a.email as accountEmail",
        "n.created_at as createdAt",
      ])
      .orderBy("n.created_at")
      .orderBy("n.id")
      .execute(),

  /**
   * Adds one handling step and, with a status, moves the report; the row is locked
   * first so two people handling the same report at once see each other's change.
   * `check` decides on the locked status; it throws to refuse.
   */
  handle: (
    organisationIds: number[],
    input: { id: number; accountId: number; note: string; status: TRepairStatus | undefined; now: Date },
    check: (current: TRepairStatus) => void,
  ) =>
    db.transaction().execute(async (trx) => {
      const locked = await trx
        .selectFrom("repair_reports")
        .where("id", "=", input.id)
        .where("organisation_id", "in", organisationIds)
        .select("status")
        .forUpdate()
        .executeTakeFirst();
      if (!locked) return false;
      const current = locked.status as TRepairStatus;
      check(current);
      const moves = input.status !== undefined;
      await trx
        .updateTable("repair_reports")
        .set({ updated_at: input.now, ...(moves ? { status: input.status } : {}) })
        .where("id", "=", input.id)
        .execute();
      await trx
        .insertInto("repair_report_notes")
        .values({
          report_id: input.id,
          account_id: input.accountId,
          note: input.note,
          from_status: moves ? current : null,
          to_status: moves ? (input.status as number) : null,
          created_at: input.now,
        })
        .execute();
      return true;
    }),

  /** The device a serial number belongs to, whatever the letter case the end user typed. */
  deviceBySerial: (serialNumber: string) =>
    db
      .selectFrom("devices")
      .where(sql`lower(serial_number)`, "=", serialNumber.toLowerCase())
      .select(["id", "organisation_id as organisationId", "serial_number as serialNumber"])
      .executeTakeFirst(),

  async insert(report: NewRepairReport): Promise<number> {
    const row = await db
      .insertInto("repair_reports")
      .values({
        organisation_id: report.organisationId,
        device_id: report.deviceId,
        user_name: report.userName,
        country: report.country,
        address: report.address,
        email: report.email,
        phone: report.phone,
        product_model: report.productModel,
        serial_number: report.serialNumber,
        content: report.content,
        status: 0,
        reported_at: report.reportedAt,
        updated_at: report.reportedAt,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  },
});

export type RepairReportRepository = ReturnType<typeof createRepairReportRepository>;
