import { ALARM_STATES, PROJECT_SORT_FIELDS, type TProjectSortField } from "@vrf/contract/projects/project-list.ts";

/** The project list's state as it lives in the address, so back, refresh and the tab keep it. */
export interface ProjectListQuery {
  pageNum: number;
  pageSize: number;
  keyword?: string;
  countryCode?: string;
  cityCode?: string;
  organisationId?: number;
  alarmState?: (typeof ALARM_STATES)[number];
  sort?: TProjectSortField;
  order?: "ascend" | "descend";
}

export const PAGE_SIZES = [10, 20, 50, 100] as const;
const DEFAULT_PAGE_SIZE = 20;

const positiveInt = (value: string | null): number | undefined => {
  if (value === null || !/^\d+$/.test(value)) return undefined;
  const n = Number(value);
  return n > 0 ? n : undefined;
};

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.includes(value as T) ? (value as T) : undefined;

const text = (value: string | null): string | undefined => {
  const trimmed = value?.trim();
  return trimmed ? trimmed.slice(0, 100) : undefined;
};

/** Reads the list state from the address; anything malformed falls back to the default. */
export const parseListQuery = (params: URLSearchParams): ProjectListQuery => {
  const pageSize = positiveInt(params.get("pageSize"));
  const query: ProjectListQuery = {
    pageNum: positiveInt(params.get("page")) ?? 1,
    pageSize: PAGE_SIZES.includes(pageSize as (typeof PAGE_SIZES)[number]) ? (pageSize as number) : DEFAULT_PAGE_SIZE,
  };
  const keyword = text(params.get("keyword"));
  const countryCode = text(params.get("country"));
  const cityCode = countryCode ? text(params.get("city")) : undefined;
  const organisationId = positiveInt(params.get("distributor"));
  const alarmState = oneOf(ALARM_STATES, params.get("alarm"));
  const sort = oneOf(PROJECT_SORT_FIELDS, params.get("sort"));
  const order = oneOf(["ascend", "descend"] as const, params.get("order"));
  if (keyword) query.keyword = keyword;
  if (countryCode) query.countryCode = countryCode;
  if (cityCode) query.cityCode = cityCode;
  if (organisationId) query.organisationId = organisationId;
  if (alarmState) query.alarmState = alarmState;
  if (sort && order) {
    query.sort = sort;
    query.order = order;
  }
  return query;
};

/** Writes the list state back; defaults are left out so a plain list has a plain address. */
export const listQueryToParams = (query: ProjectListQuery): URLSearchParams => {
  const params = new URLSearchParams();
  if (query.keyword) params.set("keyword", query.keyword);
  if (query.countryCode) params.set("country", query.countryCode);
  if (query.countryCode && query.cityCode) params.set("city", query.cityCode);
  if (query.organisationId) params.set("distributor", String(query.organisationId));
  if (query.alarmState) params.set("alarm", query.alarmState);
  if (query.sort && query.order) {
    params.set("sort", query.sort);
    params.set("order", query.order);
  }
  if (query.pageNum > 1) params.set("page", String(query.pageNum));
  if (query.pageSize !== DEFAULT_PAGE_SIZE) params.set("pageSize", String(query.pageSize));
  return params;
};

/** The filters of a query, as the list and export calls take them. */
export const filtersOf = (query: ProjectListQuery) => ({
  keyword: query.keyword,
  countryCode: query.countryCode,
  cityCode: query.cityCode,
  organisationId: query.organisationId,
  alarmState: query.alarmState,
});

/** Changing a filter starts again at the first page. */
export const withFilters = (
  query: ProjectListQuery,
  change: Partial<Omit<ProjectListQuery, "pageNum" | "pageSize" | "sort" | "order">>,
): ProjectListQuery => {
  const next: ProjectListQuery = { ...query, ...change, pageNum: 1 };
  if ("countryCode" in change && change.countryCode !== query.countryCode) delete next.cityCode;
  for (const key of Object.keys(next) as (keyof ProjectListQuery)[]) {
    if (next[key] === undefined || next[key] === "") delete next[key];
  }
  return next;
};
