import type { LanguageCode } from "@vrf/contract/constants.ts";
import { Errors } from "@vrf/contract/errors.ts";
import { FAULT_EXPORT_LIMIT, type FaultSort, type TFaultRecord } from "@vrf/contract/faults/fault-list.ts";
import type { TFaultStats } from "@vrf/contract/faults/fault-stats.ts";
import { AppError } from "../../app-error.ts";
import type { Clock } from "../../clock.ts";
import { carriedTotal } from "../../db/carried-total.ts";
import type { Db } from "../../db/open.ts";
import { type Download, XLSX_CONTENT_TYPE } from "../../plugins/download-route.ts";
import type { Scope } from "../scope/scope.service.ts";
import { fillDays, localDayOf } from "./fault-days.ts";
import { faultWorkbook } from "./fault-workbook.ts";
import { createFaultRepository, type FaultFilters, type FaultRepository } from "./faults.repository.ts";

export interface FaultFilterInput {
  organisationId?: number;
  projectId?: number;
  deviceId?: number;
  code?: string;
  state?: "open" | "repaired";
  from?: string;
  to?: string;
}

interface Paging {
  pageNum: number;
  pageSize: number;
  sort: FaultSort;
  order: "ascend" | "descend";
}

type FaultRow = Awaited<ReturnType<FaultRepository["records"]>>[number];

const toRecord = ({ keptTotal: _total, ...row }: FaultRow): TFaultRecord => ({
  ...row,
  name: row.name ?? null,
  severity: row.severity ?? null,
  repaired: row.repairedAt !== null,
  occurredAt: new Date(row.occurredAt).toISOString(),
  repairedAt: row.repairedAt ? new Date(row.repairedAt).toISOString() : null,
});

/**
 * Whose faults: Distributor Cloud's scope (its organisations' devices), or with `checkersOnly` the
 * Hi-Checker module's (the checkers of `checkerScopeOf`, bound ones included).
 */
export type FaultScope = Scope & { checkersOnly?: boolean };

export const createFaultService = (deps: { db: Db; clock: Clock }) => {
  const faults = createFaultRepository(deps.db);

  /** The caller's filters as SQL filters; an organisation, project or device outside the scope is a 404. */
  const scopedFilters = async (scope: FaultScope, input: FaultFilterInput): Promise<FaultFilters> => {
    const checkers = scope.checkersOnly ? { boundAccountId: scope.boundAccountId } : undefined;
    if (input.organisationId !== undefined && !scope.organisationIds.includes(input.organisationId)) {
      throw new AppError(Errors.notFound);
    }
    if (input.projectId !== undefined && !(await faults.projectInScope(scope.organisationIds, input.projectId))) {
      throw new AppError(Errors.notFound);
    }
    if (
      input.deviceId !== undefined &&
      !(await (checkers
        ? faults.checkerInScope(scope.organisationIds, checkers.boundAccountId, input.deviceId)
        : faults.deviceInScope(scope.organisationIds, input.deviceId)))
    ) {
      throw new AppError(Errors.notFound);
    }
    return {
      organisationIds: input.organisationId !== undefined ? [input.organisationId] : scope.organisationIds,
      // An organisation chosen narrows to its own checkers; bound ones elsewhere are not its.
      ...(checkers ? { checkers: input.organisationId !== undefined ? {} : checkers } : {}),
      projectId: input.projectId,
      deviceId: input.deviceId,
      code: input.code,
      state: input.state,
      from: input.from ? new Date(input.from) : undefined,
      to: input.to ? new Date(input.to) : undefined,
    };
  };

  return {
    async list(scope: FaultScope, input: FaultFilterInput & Paging, language: LanguageCode) {
      const filters = await scopedFilters(scope, input);
      const page = {
        offset: (input.pageNum - 1) * input.pageSize,
        limit: input.pageSize,
        sort: input.sort,
        descending: input.order === "descend",
      };
      const kept = faults.keptTotal(filters);
      let rows: Awaited<ReturnType<typeof faults.records>>;
      let total: number;
      if (kept) {
        rows = await faults.records(filters, page, language, kept);
        total = await carriedTotal(rows, "keptTotal", async () => (await faults.totals(filters)).total);
      } else {
        const [pageRows, totals] = await Promise.all([faults.records(filters, page, language), faults.totals(filters)]);
        rows = pageRows;
        total = totals.total;
      }
      return { list: rows.map(toRecord), total, pageNum: input.pageNum, pageSize: input.pageSize };
    },

    async stats(
      scope: FaultScope,
      input: FaultFilterInput & { utcOffsetMinutes: number },
      language: LanguageCode,
    ): Promise<TFaultStats> {
      const filters = await scopedFilters(scope, input);
      const [totals, byCode, counted] = await Promise.all([
        faults.totals(filters),
        faults.byCode(filters, language),
        faults.byDay(filters, input.utcOffsetMinutes),
      ]);
      const offset = input.utcOffsetMinutes;
      // The axis covers the chosen range; without one, the days that have records (up to today).
      const first = input.from ? localDayOf(new Date(input.from), offset) : counted[0]?.day;
      const last = localDayOf(input.to ? new Date(new Date(input.to).getTime() - 1) : deps.clock.now(), offset);
      return {
        ...totals,
        byCode: byCode.map((c) => ({ code: c.code, name: c.name ?? null, total: c.total, open: c.open })),
        byDay: first ? fillDays(counted, first, last, { total: 0, open: 0 }) : [],
      };
    },

    async export(
      scope: FaultScope,
      input: FaultFilterInput & Omit<Paging, "pageNum" | "pageSize"> & { utcOffsetMinutes: number },
      language: LanguageCode,
    ): Promise<Download> {
      const { utcOffsetMinutes } = input;
      const filters = await scopedFilters(scope, input);
      const rows = await faults.records(
        filters,
        { offset: 0, limit: FAULT_EXPORT_LIMIT, sort: input.sort, descending: input.order === "descend" },
        language,
      );
      const body = await faultWorkbook(rows.map(toRecord), language, utcOffsetMinutes);
      const stamp = localDayOf(deps.clock.now(), utcOffsetMinutes);
      return {
        filename: `${language === "zh" ? "故障记录" : "fault-records"}-${stamp}.xlsx`,
        contentType: XLSX_CONTENT_TYPE,
        body,
        exported: { what: "faults", rows: rows.length },
      };
    },

    async codes(keyword: string | undefined, language: LanguageCode) {
      const rows = await faults.codes(keyword);
      return rows.map((c) => ({
        code: c.code,
        name: language === "zh" ? c.name_zh : c.name_en,
        checks: language === "zh" ? c.checks_zh : c.checks_en,
        severity: c.severity,
      }));
    },

    async deviceOptions(
      scope: FaultScope,
      input: { keyword?: string; projectId?: number; id?: number; limit: number },
    ) {
      return faults.deviceOptions(
        scope.organisationIds,
        input,
        scope.checkersOnly ? { boundAccountId: scope.boundAccountId } : undefined,
      );
    },
  };
};

export type FaultService = ReturnType<typeof createFaultService>;
