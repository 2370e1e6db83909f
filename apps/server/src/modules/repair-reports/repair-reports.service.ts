import type { LanguageCode } from "@vrf/contract/constants.ts";
import { Errors } from "@vrf/contract/errors.ts";
import { type exportRepairReports, REPAIR_EXPORT_MAX_ROWS } from "@vrf/contract/repair-reports/export.ts";
import type { ZRepairReportIntakeRequest } from "@vrf/contract/repair-reports/intake.ts";
import type { ZRepairReportListRequest } from "@vrf/contract/repair-reports/list.ts";
import {
  canTransition,
  idOfReference,
  repairReference,
  type TDeviceKind,
  type TRepairReportItem,
  type TRepairStatus,
} from "@vrf/contract/repair-reports/repair-report.ts";
import { formatDateTime } from "@vrf/contract/time.ts";
import type { z } from "zod";
import { AppError } from "../../app-error.ts";
import type { Clock } from "../../clock.ts";
import { XLSX_CONTENT_TYPE } from "../../plugins/download-route.ts";
import type { Limiter } from "../../rate/limiter.ts";
import type { RepairNoticeService } from "../notifications/repair-notice.service.ts";
import type { Scope } from "../scope/scope.service.ts";
import { repairReportWorkbook } from "./repair-report-workbook.ts";
import type { RepairReportRepository } from "./repair-reports.repository.ts";

type ListInput = z.output<typeof ZRepairReportListRequest>;
type ExportInput = z.output<typeof exportRepairReports.request>;
type IntakeInput = z.output<typeof ZRepairReportIntakeRequest>;
type ReportRow = NonNullable<Awaited<ReturnType<RepairReportRepository["find"]>>>;

const iso = (value: Date | string) => new Date(value).toISOString();

const HOUR_MS = 60 * 60_000;

/** How many reports one serial number and one client address may file in a window. */
export interface IntakeLimits {
  perSerial: { max: number; windowMs: number };
  perAddress: { max: number; windowMs: number };
}

/**
 * The intake has no session, so these are all that stop a flood. Per serial number (from
 * anywhere): a real fault is reported a few times at most, while spam aimed at one
 * distributor's device would mail its subscribers without end. Per address: one sender
 * cycling through invented serials.
 */
export const INTAKE_LIMITS: IntakeLimits = {
  perSerial: { max: 5, windowMs: HOUR_MS },
  perAddress: { max: 10, windowMs: HOUR_MS },
};

const present = (row: ReportRow): TRepairReportItem => ({
  id: row.id,
  reference: repairReference(row.id),
  userName: row.userName,
  country: row.country,
  address: row.address,
  email: row.email,
  phone: row.phone,
  productModel: row.productModel,
  serialNumber: row.serialNumber,
  content: row.content,
  status: row.status as TRepairStatus,
  reportedAt: iso(row.reportedAt),
  updatedAt: iso(row.updatedAt),
  organisationId: row.organisationId as number,
  organisationName: row.organisationName,
  deviceId: row.deviceId,
  deviceKind: row.deviceKind as TDeviceKind | null,
  projectId: row.projectId,
  projectName: row.projectName,
});

export const createRepairReportService = (deps: {
  reports: RepairReportRepository;
  notices: RepairNoticeService;
  clock: Clock;
  limiter: Limiter;
  intakeLimits: IntakeLimits;
}) => {
  const { reports, notices, clock, limiter, intakeLimits } = deps;

  /** Counts the report against its serial number and its sender; refuses before anything is written. */
  const checkIntakeLimits = async (serialNumber: string, ip: string) => {
    const { perSerial, perAddress } = intakeLimits;
    // Serial numbers are unique whatever their case, so the counter is too.
    const checks = [
      limiter.hit(`repair-intake:serial:${serialNumber.toLowerCase()}`, perSerial.max, perSerial.windowMs),
      limiter.hit(`repair-intake:ip:${ip}`, perAddress.max, perAddress.windowMs),
    ];
    const refused = (await Promise.all(checks)).filter((r) => !r.allowed);
    if (refused.length > 0) {
      const retryAfterSeconds = Math.max(...refused.map((r) => r.retryAfterSeconds));
      throw new AppError(Errors.tooManyRequests, { retryAfterSeconds });
    }
  };

  const filtersOf = (input: Omit<ListInput, "pageNum" | "pageSize">) => ({
    keyword: input.keyword || undefined,
    keywordId: input.keyword ? idOfReference(input.keyword) : null,
    status: input.status,
    from: input.from ? new Date(input.from) : undefined,
    to: input.to ? new Date(input.to) : undefined,
    organisationId: input.organisationId,
    projectId: input.projectId,
  });

  const detail = async (scope: Scope, id: number) => {
    const row = await reports.find(scope.organisationIds, id);
    if (!row) throw new AppError(Errors.notFound);
    const timeline = await reports.timeline(id);
    return {
      ...present(row),
      deviceCode: row.deviceCode,
      projectCode: row.projectCode,
      timeline: timeline.map((e) => ({
        id: e.id,
        note: e.note,
        fromStatus: e.fromStatus as TRepairStatus | null,
        toStatus: e.toStatus as TRepairStatus | null,
        accountName: e.accountName,
        accountEmail: e.accountEmail,
        createdAt: iso(e.createdAt),
      })),
    };
  };

  return {
    /** The filtered list as a spreadsheet, newest first unless another order is asked for. */
    async export(scope: Scope, input: ExportInput, language: LanguageCode) {
      const { rows } = await reports.page(scope.organisationIds, {
        ...filtersOf(input),
        pageNum: 1,
        pageSize: REPAIR_EXPORT_MAX_ROWS,
        sort: input.sort,
        order: input.order,
      });
      const stamp = formatDateTime(clock.now(), input.utcOffsetMinutes).replace(/[-: ]/g, "").slice(0, 12);
      return {
        filename: `repair-reports-${stamp}.xlsx`,
        contentType: XLSX_CONTENT_TYPE,
        body: await repairReportWorkbook(rows.map(present), language, input.utcOffsetMinutes),
        exported: { what: "repairReports", rows: rows.length },
      };
    },

    async list(scope: Scope, input: ListInput) {
      const filters = filtersOf(input);
      const [page, counts] = await Promise.all([
        reports.page(scope.organisationIds, {
          ...filters,
          pageNum: input.pageNum,
          pageSize: input.pageSize,
          sort: input.sort,
          order: input.order,
        }),
        reports.statusCounts(scope.organisationIds, filters),
      ]);
      return {
        list: page.rows.map(present),
        total: page.total,
        pageNum: input.pageNum,
        pageSize: input.pageSize,
        counts,
      };
    },

    get: detail,

    /** A note, a status change, or both, as one step of the timeline. */
    async handle(scope: Scope, input: { id: number; note: string; status?: TRepairStatus | undefined }) {
      const found = await reports.handle(
        scope.organisationIds,
        { id: input.id, accountId: scope.accountId, note: input.note, status: input.status, now: clock.now() },
        (current) => {
          if (input.status !== undefined && !canTransition(current, input.status)) {
            throw new AppError(Errors.illegalTransition, { from: current, to: input.status });
          }
        },
      );
      if (!found) throw new AppError(Errors.notFound);
      return detail(scope, input.id);
    },

    /**
     * Stores an end user's report, matched to the device's organisation by serial
     * number (unmatched reports are kept but no distributor sees them), then mails
     * the subscribers. A failed mail never fails the report. Over a limit (per serial
     * number, per sender address) it answers 429 and stores and mails nothing.
     */
    async intake(input: IntakeInput, meta: { ip: string }, onMailFailure: (error: unknown) => void) {
      await checkIntakeLimits(input.serialNumber, meta.ip);
      const device = await reports.deviceBySerial(input.serialNumber);
      const reportedAt = clock.now();
      const id = await reports.insert({
        ...input,
        // The device's own spelling, so searching the serial finds the report as it finds the device.
        serialNumber: device?.serialNumber ?? input.serialNumber,
        organisationId: device?.organisationId ?? null,
        deviceId: device?.id ?? null,
        reportedAt,
      });
      const reference = repairReference(id);
      if (device) {
        try {
          const matched = await reports.find([device.organisationId], id);
          const result = await notices.newReport({
            ...input,
            id,
            reference,
            reportedAt,
            serialNumber: device.serialNumber,
            organisationId: device.organisationId,
            projectName: matched?.projectName ?? null,
          });
          for (const failure of result.failures) onMailFailure(failure);
        } catch (error) {
          onMailFailure(error);
        }
      }
      return { reference, reportedAt: reportedAt.toISOString() };
    },
  };
};

export type RepairReportService = ReturnType<typeof createRepairReportService>;
