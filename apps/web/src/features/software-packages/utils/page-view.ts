import { PAGE_SIZES } from "./list-state.ts";

/**
 * The page's tab, the rollout list's page and the open rollout, kept in the address next to the
 * package filters: `?tab=rollouts&page=2&rollout=<id>`. The packages tab is the default and
 * writes no `tab`; each tab has its own `page`, reset when the tab changes.
 */
export type PageTab = "packages" | "rollouts";

export interface RolloutListState {
  page: number;
  pageSize: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const positive = (value: string | null, fallback: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

export const readTab = (params: URLSearchParams): PageTab =>
  params.get("tab") === "rollouts" ? "rollouts" : "packages";

export const readRolloutListState = (params: URLSearchParams): RolloutListState => {
  const pageSize = positive(params.get("pageSize"), 20);
  return {
    page: positive(params.get("page"), 1),
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : 20,
  };
};

export const writeRolloutListState = (state: RolloutListState): URLSearchParams => {
  const params = new URLSearchParams({ tab: "rollouts" });
  if (state.page !== 1) params.set("page", String(state.page));
  if (state.pageSize !== 20) params.set("pageSize", String(state.pageSize));
  return params;
};

/** The rollout whose detail is open; an address edited by hand to something else opens none. */
export const readOpenRollout = (params: URLSearchParams): string | null => {
  const id = params.get("rollout");
  return id && UUID.test(id) ? id : null;
};

/** The same address with `id`'s detail open (or none, for null); everything else kept. */
export const withOpenRollout = (params: URLSearchParams, id: string | null): URLSearchParams => {
  const next = new URLSearchParams(params);
  if (id) next.set("rollout", id);
  else next.delete("rollout");
  return next;
};

/** A new rollout's detail opens over the first page of the rollout list, where it now is first. */
export const showNewRollout = (id: string): URLSearchParams =>
  withOpenRollout(writeRolloutListState({ page: 1, pageSize: 20 }), id);
