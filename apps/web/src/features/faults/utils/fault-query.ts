import { FAULT_CODE_PATTERN, FAULT_STATES, type FaultState } from "@vrf/contract/faults/fault-filters.ts";
import { FAULT_SORTS, type FaultSort } from "@vrf/contract/faults/fault-list.ts";
import dayjs from "dayjs";

export const PAGE_SIZES = [10, 20, 50, 100] as const;
const DEFAULT_PAGE_SIZE = 20;

/** What the user chose, as it lives in the address (dates are local YYYY-MM-DD days, both inclusive). */
export interface FaultFilterValues {
  organisationId?: number;
  projectId?: number;
  deviceId?: number;
  code?: string;
  state?: FaultState;
  from?: string;
  to?: string;
}

export interface FaultQueryState {
  filters: FaultFilterValues;
  pageNum: number;
  pageSize: number;
  sort?: FaultSort;
  order?: "ascend" | "descend";
}

export type FaultTab = "records" | "catalogue";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const positiveInt = (value: string | null): number | undefined => {
  if (!value || !/^\d{1,12}$/.test(value)) return undefined;
  const n = Number(value);
  return n > 0 ? n : undefined;
};

const validDay = (value: string | null): string | undefined =>
  value && DAY.test(value) && dayjs(value).isValid() ? value : undefined;

/** Reads the address leniently: anything malformed (a hand-edited link) is simply left out. */
export const parseFaultQuery = (params: URLSearchParams): FaultQueryState => {
  const code = params.get("code")?.trim().toUpperCase();
  const state = params.get("state");
  let from = validDay(params.get("from"));
  let to = validDay(params.get("to"));
  if (from && to && from > to) [from, to] = [to, from];
  const filters: FaultFilterValues = {
    organisationId: positiveInt(params.get("organisationId")),
    projectId: positiveInt(params.get("projectId")),
    deviceId: positiveInt(params.get("deviceId")),
    code: code && FAULT_CODE_PATTERN.test(code) ? code : undefined,
    state: FAULT_STATES.includes(state as FaultState) ? (state as FaultState) : undefined,
    from,
    to,
  };
  const pageSize = positiveInt(params.get("pageSize"));
  const sort = params.get("sort");
  const order = params.get("order");
  return {
    filters: Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined)) as FaultFilterValues,
    pageNum: positiveInt(params.get("pageNum")) ?? 1,
    pageSize: PAGE_SIZES.includes(pageSize as never) ? (pageSize as number) : DEFAULT_PAGE_SIZE,
    sort: FAULT_SORTS.includes(sort as FaultSort) ? (sort as FaultSort) : undefined,
    order: order === "ascend" || order === "descend" ? order : undefined,
  };
};

export const parseTab = (params: URLSearchParams): FaultTab =>
  params.get("tab") === "catalogue" ? "catalogue" : "records";

/** The address for a state; defaults are left out so shared links stay short. */
export const toSearchParams = (state: FaultQueryState, tab: FaultTab = "records"): URLSearchParams => {
  const params = new URLSearchParams();
  if (tab === "catalogue") params.set("tab", tab);
  for (const [key, value] of Object.entries(state.filters)) {
    if (value !== undefined && value !== "") params.set(key, String(value));
  }
  if (state.pageNum > 1) params.set("pageNum", String(state.pageNum));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) params.set("pageSize", String(state.pageSize));
  if (state.sort) params.set("sort", state.sort);
  if (state.sort && state.order) params.set("order", state.order);
  return params;
};

/** The viewer's offset from UTC in minutes, so the server's "days" are the viewer's days. */
export const viewerUtcOffset = (): number => dayjs().utcOffset();

/** The API's filters: local days become the instants they start at (the last day included). */
export const toApiFilters = (filters: FaultFilterValues) => ({
  organisationId: filters.organisationId,
  projectId: filters.projectId,
  deviceId: filters.deviceId,
  code: filters.code,
  state: filters.state,
  from: filters.from ? dayjs(filters.from).startOf("day").toISOString() : undefined,
  to: filters.to ? dayjs(filters.to).add(1, "day").startOf("day").toISOString() : undefined,
});

export const hasFilters = (filters: FaultFilterValues): boolean =>
  Object.values(filters).some((value) => value !== undefined && value !== "");

/**
 * The filters a module offers: without Distributor Cloud's pick lists (the Hi-Checker module) no
 * distributor or project, so a hand-made address naming one is read without it.
 */
export const offeredFilters = (filters: FaultFilterValues, pickLists: boolean): FaultFilterValues => {
  if (pickLists) return filters;
  const { organisationId: _organisation, projectId: _project, ...offered } = filters;
  return offered;
};
