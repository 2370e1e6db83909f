import {
  REPAIR_REPORT_SORTS,
  type TRepairReportListRequest,
  type TRepairReportSort,
} from "@vrf/contract/repair-reports/list.ts";
import type { TRepairStatus } from "@vrf/contract/repair-reports/repair-report.ts";
import dayjs from "dayjs";

/** The list's state as the address bar holds it, so a reload or the back button keeps it. */
export interface RepairListState {
  keyword: string;
  status: TRepairStatus | null;
  /** Local calendar days, YYYY-MM-DD, both inclusive. */
  fromDate: string | null;
  toDate: string | null;
  organisationId: number | null;
  projectId: number | null;
  page: number;
  pageSize: number;
  sort: TRepairReportSort | null;
  order: "ascend" | "descend" | null;
}

export const PAGE_SIZES = [10, 20, 50, 100] as const;
const DEFAULT_PAGE_SIZE = 20;

const positiveInt = (value: string | null): number | null => {
  if (value === null || !/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 ? n : null;
};

const day = (value: string | null): string | null =>
  value && /^\d{4}-\d{2}-\d{2}$/.test(value) && dayjs(value).isValid() ? value : null;

export const readListState = (params: URLSearchParams): RepairListState => {
  const status = params.get("status");
  const size = positiveInt(params.get("size"));
  const sort = params.get("sort");
  const order = params.get("order");
  return {
    keyword: (params.get("keyword") ?? "").slice(0, 100),
    status: status === "0" || status === "1" || status === "2" ? (Number(status) as TRepairStatus) : null,
    fromDate: day(params.get("from")),
    toDate: day(params.get("to")),
    organisationId: positiveInt(params.get("org")),
    projectId: positiveInt(params.get("project")),
    page: positiveInt(params.get("page")) ?? 1,
    pageSize: size && (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
    sort: (REPAIR_REPORT_SORTS as readonly string[]).includes(sort ?? "") ? (sort as TRepairReportSort) : null,
    order: order === "ascend" || order === "descend" ? order : null,
  };
};

/** Only what differs from the defaults goes into the address. */
export const writeListState = (state: RepairListState): URLSearchParams => {
  const params = new URLSearchParams();
  if (state.keyword) params.set("keyword", state.keyword);
  if (state.status !== null) params.set("status", String(state.status));
  if (state.fromDate) params.set("from", state.fromDate);
  if (state.toDate) params.set("to", state.toDate);
  if (state.organisationId !== null) params.set("org", String(state.organisationId));
  if (state.projectId !== null) params.set("project", String(state.projectId));
  if (state.page > 1) params.set("page", String(state.page));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) params.set("size", String(state.pageSize));
  if (state.sort && state.order) {
    params.set("sort", state.sort);
    params.set("order", state.order);
  }
  return params;
};

/**
 * The request for the server. Days are the viewer's: the range runs from the start
 * of the first day to the start of the day after the last, in local time.
 */
export const toListRequest = (state: RepairListState): TRepairReportListRequest => ({
  pageNum: state.page,
  pageSize: state.pageSize,
  ...(state.keyword.trim() ? { keyword: state.keyword.trim() } : {}),
  ...(state.status !== null ? { status: state.status } : {}),
  ...(state.fromDate ? { from: dayjs(state.fromDate).startOf("day").toISOString() } : {}),
  ...(state.toDate ? { to: dayjs(state.toDate).add(1, "day").startOf("day").toISOString() } : {}),
  ...(state.organisationId !== null ? { organisationId: state.organisationId } : {}),
  ...(state.projectId !== null ? { projectId: state.projectId } : {}),
  ...(state.sort && state.order ? { sort: state.sort, order: state.order } : {}),
});

/** Any filter set (the status tab aside): the empty state then offers to clear them. */
export const hasFilters = (state: RepairListState): boolean =>
  Boolean(state.keyword || state.fromDate || state.toDate || state.organisationId || state.projectId);
