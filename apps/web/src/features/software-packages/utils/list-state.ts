import type { TPackageKind } from "@vrf/contract/hi-checker/software-packages.ts";

export const PAGE_SIZES = [10, 20, 50, 100] as const;

/** What the package list shows, kept in the address (`?kind=&keyword=&page=&pageSize=`). */
export interface PackageListState {
  kind: TPackageKind | null;
  keyword: string;
  page: number;
  pageSize: number;
}

const positive = (value: string | null, fallback: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

export const readListState = (params: URLSearchParams): PackageListState => {
  const kind = params.get("kind");
  const pageSize = positive(params.get("pageSize"), 20);
  return {
    kind: kind === "pc" || kind === "firmware" ? kind : null,
    keyword: params.get("keyword") ?? "",
    page: positive(params.get("page"), 1),
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : 20,
  };
};

export const writeListState = (state: PackageListState): URLSearchParams => {
  const params = new URLSearchParams();
  if (state.kind) params.set("kind", state.kind);
  if (state.keyword.trim()) params.set("keyword", state.keyword.trim());
  if (state.page !== 1) params.set("page", String(state.page));
  if (state.pageSize !== 20) params.set("pageSize", String(state.pageSize));
  return params;
};

export const toListRequest = (state: PackageListState) => ({
  pageNum: state.page,
  pageSize: state.pageSize,
  ...(state.kind ? { kind: state.kind } : {}),
  ...(state.keyword.trim() ? { keyword: state.keyword.trim() } : {}),
});

export const hasFilters = (state: PackageListState): boolean => state.kind !== null || state.keyword.trim() !== "";
