import { DEVICE_TOPICS, type TDeviceTopic } from "@vrf/contract/device/protocol.ts";
import type { TDeviceDeadLetterListRequest } from "@vrf/contract/device-dead-letters/list.ts";
import { hasControlCharacters } from "@vrf/contract/rules.ts";
import { type DayRange, dayFromAddress, dayRangeRequest } from "../../../lib/day-range.ts";

/** The list's filters and page as the address bar holds them, so a reload or a shared link shows the same rows. */
export interface DeadLetterListState extends DayRange {
  /** A serial number, or its start. */
  serialNumber: string;
  topics: TDeviceTopic[];
  page: number;
  pageSize: number;
}

export const PAGE_SIZES = [10, 20, 50] as const;
const DEFAULT_PAGE_SIZE = 20;
/** The contract's limit on the serial number filter. */
export const SERIAL_NUMBER_MAX = 64;

export const NO_FILTERS: Omit<DeadLetterListState, "page" | "pageSize"> = {
  serialNumber: "",
  topics: [],
  fromDate: null,
  toDate: null,
};

const positiveInt = (value: string | null): number | null => {
  if (value === null || !/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 ? n : null;
};

/**
 * A hand-edited address must not make a request the server refuses: text with control characters
 * (which no serial number has) is dropped, the rest cut to the contract's limit.
 */
const cleanSerial = (value: string | null): string => {
  const text = (value ?? "").trim();
  return hasControlCharacters(text) ? "" : text.slice(0, SERIAL_NUMBER_MAX);
};

export const readListState = (params: URLSearchParams): DeadLetterListState => {
  const size = positiveInt(params.get("size"));
  const topics = params.getAll("topic");
  return {
    serialNumber: cleanSerial(params.get("serial")),
    // In the protocol's order whatever the address's, each once.
    topics: DEVICE_TOPICS.filter((topic) => topics.includes(topic)),
    fromDate: dayFromAddress(params.get("from")),
    toDate: dayFromAddress(params.get("to")),
    page: positiveInt(params.get("page")) ?? 1,
    pageSize: size && (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
  };
};

/** Only what differs from the defaults goes into the address. */
export const writeListState = (state: DeadLetterListState): URLSearchParams => {
  const params = new URLSearchParams();
  if (state.serialNumber.trim()) params.set("serial", state.serialNumber.trim());
  for (const topic of state.topics) params.append("topic", topic);
  if (state.fromDate) params.set("from", state.fromDate);
  if (state.toDate) params.set("to", state.toDate);
  if (state.page > 1) params.set("page", String(state.page));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) params.set("size", String(state.pageSize));
  return params;
};

export const hasFilters = (state: DeadLetterListState): boolean =>
  state.serialNumber.trim() !== "" || state.topics.length > 0 || state.fromDate !== null || state.toDate !== null;

/** The request for the server: the page, and only the filters that are set. */
export const toListRequest = (state: DeadLetterListState): TDeviceDeadLetterListRequest => ({
  pageNum: state.page,
  pageSize: state.pageSize,
  ...(state.serialNumber.trim() ? { serialNumber: state.serialNumber.trim() } : {}),
  ...(state.topics.length ? { topics: state.topics } : {}),
  ...dayRangeRequest(state),
});

/** Characters of a payload shown in its list cell; the drawer has the rest. */
export const PREVIEW_CHARS = 120;

/**
 * A payload on one line for its list cell: line breaks and runs of spaces as one space, cut with an
 * ellipsis. Cut here rather than by the cell's CSS alone, so a page of 64 kB payloads stays light.
 */
export const payloadPreview = (payload: string, max = PREVIEW_CHARS): string => {
  const line = payload.replace(/\s+/g, " ").trim();
  return line.length > max ? `${line.slice(0, max).trimEnd()}…` : line;
};
