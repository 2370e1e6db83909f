import type { TClientErrorListRequest } from "@vrf/contract/client-errors/list.ts";
import type { ClientErrorKind } from "@vrf/contract/client-errors/report.ts";
import { dayRangeRequest } from "../../../lib/day-range.ts";

export interface ClientErrorFilters {
  kinds: ClientErrorKind[];
  /** Local calendar days, YYYY-MM-DD, both inclusive. */
  fromDate: string | null;
  toDate: string | null;
}

export const NO_FILTERS: ClientErrorFilters = { kinds: [], fromDate: null, toDate: null };

export const PAGE_SIZES = [10, 20, 50] as const;

export const hasFilters = (f: ClientErrorFilters): boolean =>
  f.kinds.length > 0 || f.fromDate !== null || f.toDate !== null;

/** The filters as the server reads them; days are the viewer's local days (lib/day-range). */
export const toFilterRequest = (f: ClientErrorFilters): Omit<TClientErrorListRequest, "pageNum" | "pageSize"> => ({
  ...(f.kinds.length ? { kinds: f.kinds } : {}),
  ...dayRangeRequest(f),
});

/**
 * Where in the portal the error happened: the hash route of the page's address (the app's page),
 * or the path when there is none (an error before the router started).
 */
export const pageOf = (url: string): string => {
  try {
    const parsed = new URL(url);
    const route = parsed.hash.replace(/^#/, "");
    return route || parsed.pathname;
  } catch {
    return url;
  }
};
