import type { TFrameListRequest, ZFrameFilter } from "@vrf/contract/hi-checker/task-data.ts";
import { z } from "zod";
import { hexByte, normalisePattern, parseBusAddress, patternProblem } from "./bus-frames.ts";

/** A task's id from the address (`?taskId=`), or null when missing or not a UUID. */
export const taskIdFromQuery = (value: string | null): string | null =>
  value !== null && z.uuid().safeParse(value).success ? value.toLowerCase() : null;

/**
 * The message report's filters and page as the address bar holds them (`?taskId=…&address=0x25
 * &command=0x11&bytes=aa01&page=2&size=100`), so a reload or the back button lands on the same frames.
 */
export interface FrameQueryState {
  /** A bus address, frames from or to it. */
  address: number | null;
  command: number | null;
  /** Lower-case hex of whole bytes; "" for no search. */
  pattern: string;
  page: number;
  pageSize: number;
}

export const FRAME_PAGE_SIZES = [50, 100, 200] as const;
const DEFAULT_PAGE_SIZE = 50;

const positiveInt = (value: string | null): number | null => {
  if (value === null || !/^\d{1,7}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 ? n : null;
};

const pattern = (value: string | null): string => {
  if (value === null) return "";
  const text = normalisePattern(value);
  return patternProblem(text) === null ? text : "";
};

export const readFrameQuery = (params: URLSearchParams): FrameQueryState => {
  const size = positiveInt(params.get("size"));
  return {
    address: parseBusAddress(params.get("address") ?? ""),
    command: parseBusAddress(params.get("command") ?? ""),
    pattern: pattern(params.get("bytes")),
    page: positiveInt(params.get("page")) ?? 1,
    pageSize: size && (FRAME_PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
  };
};

/** The task first, then only what differs from the defaults. */
export const writeFrameQuery = (taskId: string, state: FrameQueryState): URLSearchParams => {
  const params = new URLSearchParams({ taskId });
  if (state.address !== null) params.set("address", hexByte(state.address));
  if (state.command !== null) params.set("command", hexByte(state.command));
  if (state.pattern) params.set("bytes", state.pattern);
  if (state.page > 1) params.set("page", String(state.page));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) params.set("size", String(state.pageSize));
  return params;
};

type TFrameFilter = z.input<typeof ZFrameFilter>;

/** The filters as the list and the export send them. */
export const toFrameFilter = (taskId: string, state: FrameQueryState): TFrameFilter => ({
  taskId,
  ...(state.address !== null ? { address: state.address } : {}),
  ...(state.command !== null ? { command: state.command } : {}),
  ...(state.pattern ? { pattern: state.pattern } : {}),
});

export const toFrameRequest = (taskId: string, state: FrameQueryState): TFrameListRequest => ({
  ...toFrameFilter(taskId, state),
  pageNum: state.page,
  pageSize: state.pageSize,
});

export const hasFrameFilters = (state: FrameQueryState): boolean =>
  state.address !== null || state.command !== null || state.pattern !== "";

/** The same page size, no filters, the first page. */
export const withoutFrameFilters = (state: FrameQueryState): FrameQueryState => ({
  address: null,
  command: null,
  pattern: "",
  page: 1,
  pageSize: state.pageSize,
});
