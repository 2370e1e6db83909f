import { describe, expect, it } from "vitest";
import { type ListPage, type PagedQuery, pagedTableProps } from "./paged-list-table.tsx";

const query = (over: Partial<PagedQuery<{ id: number }>> = {}): PagedQuery<{ id: number }> => ({
  data: { list: [{ id: 1 }], total: 120 },
  error: null,
  isError: false,
  isFetching: false,
  isPending: false,
  refetch: () => undefined,
  ...over,
});

const texts = (onPage: (page: ListPage) => void = () => undefined) => ({
  page: { pageNum: 3, pageSize: 20 },
  onPage,
  pageSizes: [20, 50, 100],
  empty: "nothing",
  failedTitle: "Could not load",
  totalText: (total: number) => `${total} in all`,
});

describe("a server-paged table's paging", () => {
  it("shows the page asked for of the list's total, with the sizes to choose from", () => {
    const { pagination } = pagedTableProps(query(), texts(), false);
    expect(pagination).toMatchObject({ current: 3, pageSize: 20, total: 120, pageSizeOptions: ["20", "50", "100"] });
    expect(pagination.showTotal(120)).toBe("120 in all");
    expect(pagination.simple).toBe(false);
    expect(pagedTableProps(query(), texts(), true).pagination.simple).toBe(true);
  });

  it("says the list is empty only once the first page has come", () => {
    expect(pagedTableProps(query(), texts(), false).locale.emptyText).toBe("nothing");
    expect(pagedTableProps(query({ isPending: true, data: undefined }), texts(), false).locale.emptyText).toBe(" ");
    expect(pagedTableProps(query({ data: undefined }), texts(), false).pagination.total).toBe(0);
  });

  it("goes to the page picked, and back to page 1 when the page size changes", () => {
    const pages: ListPage[] = [];
    const { onChange } = pagedTableProps(
      query(),
      texts((page) => pages.push(page)),
      false,
    );
    onChange({ current: 4, pageSize: 20 });
    onChange({ current: 4, pageSize: 50 });
    expect(pages).toEqual([
      { pageNum: 4, pageSize: 20 },
      { pageNum: 1, pageSize: 50 },
    ]);
  });
});
