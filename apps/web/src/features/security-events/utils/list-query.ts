import type { SecurityEventType } from "@vrf/contract/security-events/event-types.ts";
import type { TSecurityEventListRequest } from "@vrf/contract/security-events/list.ts";
import dayjs from "dayjs";

export interface SecurityEventFilters {
  accountId: number | null;
  email: string;
  types: SecurityEventType[];
  /** Local calendar days, YYYY-MM-DD, both inclusive. */
  fromDate: string | null;
  toDate: string | null;
}

export const NO_FILTERS: SecurityEventFilters = { accountId: null, email: "", types: [], fromDate: null, toDate: null };

export const PAGE_SIZES = [10, 20, 50, 100] as const;

export const hasFilters = (f: SecurityEventFilters): boolean =>
  f.accountId !== null || f.email.trim() !== "" || f.types.length > 0 || f.fromDate !== null || f.toDate !== null;

/**
 * The filters as the server reads them. Days are the viewer's: the range runs from
 * the start of the first day to the start of the day after the last, in local time.
 */
export const toFilterRequest = (f: SecurityEventFilters): Omit<TSecurityEventListRequest, "pageNum" | "pageSize"> => ({
  ...(f.accountId !== null ? { accountId: f.accountId } : {}),
  ...(f.email.trim() ? { email: f.email.trim() } : {}),
  ...(f.types.length ? { types: f.types } : {}),
  ...(f.fromDate ? { from: dayjs(f.fromDate).startOf("day").toISOString() } : {}),
  ...(f.toDate ? { to: dayjs(f.toDate).add(1, "day").startOf("day").toISOString() } : {}),
});
