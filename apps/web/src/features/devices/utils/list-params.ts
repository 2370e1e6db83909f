/**
 * A list screen keeps its filters, page and sort in the address (`?status=online&pageNum=2`),
 * so a detail page's back button, a refresh or a shared link returns to the same rows.
 */
export interface ListState<F extends string> {
  pageNum: number;
  pageSize: number;
  sort?: string;
  order?: "ascend" | "descend";
  filters: Partial<Record<F, string>>;
}

export const DEFAULT_PAGE_SIZE = 20;
export const PAGE_SIZES = [10, 20, 50, 100] as const;

const positiveInt = (value: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER): number => {
  if (value === null || !/^\d+$/.test(value)) return fallback;
  const n = Number(value);
  return n >= 1 && n <= max ? n : fallback;
};

export const readListState = <F extends string>(params: URLSearchParams, filterKeys: readonly F[]): ListState<F> => {
  const filters: Partial<Record<F, string>> = {};
  for (const key of filterKeys) {
    const value = params.get(key)?.trim();
    if (value) filters[key] = value;
  }
  const order = params.get("order");
  const sort = params.get("sort");
  return {
    pageNum: positiveInt(params.get("pageNum"), 1),
    pageSize: positiveInt(params.get("pageSize"), DEFAULT_PAGE_SIZE, 200),
    ...(sort && (order === "ascend" || order === "descend") ? { sort, order } : {}),
    filters,
  };
};

/** The address form of a state: defaults and blank filters are left out to keep links short. */
export const writeListState = <F extends string>(state: ListState<F>): URLSearchParams => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(state.filters) as [F, string | undefined][]) {
    if (value !== undefined && value.trim() !== "") params.set(key, value.trim());
  }
  if (state.sort && state.order) {
    params.set("sort", state.sort);
    params.set("order", state.order);
  }
  if (state.pageNum > 1) params.set("pageNum", String(state.pageNum));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) params.set("pageSize", String(state.pageSize));
  return params;
};

/** New filters start again at page 1; the page size and sort stay. */
export const withFilters = <F extends string>(
  state: ListState<F>,
  filters: Partial<Record<F, string | number | null | undefined>>,
): ListState<F> => {
  const next: Partial<Record<F, string>> = {};
  for (const [key, value] of Object.entries(filters) as [F, string | number | null | undefined][]) {
    if (value !== undefined && value !== null && String(value).trim() !== "") next[key] = String(value).trim();
  }
  return { ...state, pageNum: 1, filters: next };
};

/** What the list endpoint receives: paging, sort and the filters as typed in (the contract coerces). */
export const toListRequest = <F extends string>(state: ListState<F>) => ({
  pageNum: state.pageNum,
  pageSize: state.pageSize,
  ...(state.sort && state.order ? { sort: state.sort, order: state.order } : {}),
  ...state.filters,
});

/** antd's table `onChange` sorter, reduced to the one sort key the server accepts. */
export const sortFromTable = (
  sorter: { columnKey?: unknown; order?: "ascend" | "descend" | null } | unknown[],
  sortable: readonly string[],
): { sort?: string; order?: "ascend" | "descend" } => {
  const single = Array.isArray(sorter) ? sorter[0] : sorter;
  if (!single || typeof single !== "object") return {};
  const { columnKey, order } = single as { columnKey?: unknown; order?: "ascend" | "descend" | null };
  if (typeof columnKey !== "string" || !sortable.includes(columnKey) || !order) return {};
  return { sort: columnKey, order };
};

export const hasFilters = (filters: Record<string, string | undefined>): boolean =>
  Object.values(filters).some((v) => v !== undefined && v !== "");

/** An export takes the list's filters and sort, not its page. */
export const toExportRequest = <F extends string>(state: ListState<F>) => {
  const { pageNum: _pageNum, pageSize: _pageSize, ...rest } = toListRequest(state);
  return rest;
};

/**
 * The filter form's values from the address: the listed keys as numbers (ids,
 * system numbers, addresses; "0" is a value), the rest as text.
 */
export const formValues = <F extends string>(
  filters: Partial<Record<F, string | undefined>>,
  numericKeys: readonly NoInfer<F>[],
): Record<F, string | number | undefined> => {
  const values = { ...filters } as Record<F, string | number | undefined>;
  for (const key of numericKeys) {
    const raw = filters[key];
    values[key] = raw !== undefined && raw !== "" ? Number(raw) : undefined;
  }
  return values;
};
