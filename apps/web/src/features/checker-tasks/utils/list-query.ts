import {
  ENDED_TASK_STATUSES,
  TASK_KINDS,
  type TTaskKind,
  type TTaskStatus,
  type ZTaskListRequest,
} from "@vrf/contract/hi-checker/tasks.ts";
import dayjs from "dayjs";
import type { z } from "zod";

/** The open tasks (CheckerTaskList) or the ended ones (HistoricalRecords). */
export type TaskListKind = "open" | "ended";

export type TTaskListRequest = z.input<typeof ZTaskListRequest>;

/**
 * A task list's filters and page as the address bar holds them, so a reload, the back button or
 * a checker page's link (`?deviceId=`) lands on the same list. The result and the created days
 * belong to the history only.
 */
export interface TaskListState {
  deviceId: number | null;
  kind: TTaskKind | null;
  status: TTaskStatus | null;
  keyword: string;
  /** Local calendar days, YYYY-MM-DD, both inclusive. */
  fromDate: string | null;
  toDate: string | null;
  page: number;
  pageSize: number;
}

export const PAGE_SIZES = [10, 20, 50, 100] as const;
const DEFAULT_PAGE_SIZE = 20;
/** The contract's keyword limit (ZTaskListRequest). */
export const TASK_KEYWORD_MAX = 64;

const positiveInt = (value: string | null): number | null => {
  if (value === null || !/^\d{1,15}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 && Number.isSafeInteger(n) ? n : null;
};

/** A record id from the address (`?deviceId=12`), or null when missing or malformed. */
export const idFromQuery = (value: string | null): number | null => positiveInt(value);

const day = (value: string | null): string | null =>
  value && /^\d{4}-\d{2}-\d{2}$/.test(value) && dayjs(value).isValid() ? value : null;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;

export const readTaskListState = (params: URLSearchParams, list: TaskListKind): TaskListState => {
  const size = positiveInt(params.get("size"));
  const history = list === "ended";
  return {
    deviceId: positiveInt(params.get("deviceId")),
    kind: oneOf(TASK_KINDS, params.get("kind")),
    status: history ? oneOf(ENDED_TASK_STATUSES, params.get("status")) : null,
    keyword: (params.get("keyword") ?? "").slice(0, TASK_KEYWORD_MAX),
    fromDate: history ? day(params.get("from")) : null,
    toDate: history ? day(params.get("to")) : null,
    page: positiveInt(params.get("page")) ?? 1,
    pageSize: size && (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
  };
};

/** Only what differs from the defaults goes into the address. */
export const writeTaskListState = (state: TaskListState): URLSearchParams => {
  const params = new URLSearchParams();
  if (state.deviceId !== null) params.set("deviceId", String(state.deviceId));
  if (state.kind) params.set("kind", state.kind);
  if (state.status) params.set("status", state.status);
  if (state.keyword) params.set("keyword", state.keyword);
  if (state.fromDate) params.set("from", state.fromDate);
  if (state.toDate) params.set("to", state.toDate);
  if (state.page > 1) params.set("page", String(state.page));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) params.set("size", String(state.pageSize));
  return params;
};

/**
 * The request for the server. Created days are the viewer's: from the start of the first day
 * to the last moment of the last one, in local time, as epoch ms (the server's `to` is inclusive).
 */
export const toListRequest = (state: TaskListState, list: TaskListKind): TTaskListRequest => ({
  state: list,
  pageNum: state.page,
  pageSize: state.pageSize,
  ...(state.deviceId !== null ? { deviceId: state.deviceId } : {}),
  ...(state.kind ? { kind: state.kind } : {}),
  ...(state.status ? { status: state.status } : {}),
  ...(state.keyword.trim() ? { keyword: state.keyword.trim() } : {}),
  ...(state.fromDate ? { from: dayjs(state.fromDate).startOf("day").valueOf() } : {}),
  ...(state.toDate ? { to: dayjs(state.toDate).add(1, "day").startOf("day").valueOf() - 1 } : {}),
});

/** Any filter set: the empty list then offers to clear them. */
export const hasFilters = (state: TaskListState): boolean =>
  Boolean(
    state.deviceId !== null || state.kind || state.status || state.keyword.trim() || state.fromDate || state.toDate,
  );

/** The same list with no filters, at its first page, keeping the page size. */
export const withoutFilters = (state: TaskListState): TaskListState => ({
  deviceId: null,
  kind: null,
  status: null,
  keyword: "",
  fromDate: null,
  toDate: null,
  page: 1,
  pageSize: state.pageSize,
});
