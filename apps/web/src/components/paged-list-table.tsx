import { Alert, Button, Grid, Result } from "antd";
import type { TablePaginationConfig } from "antd/es/table";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../lib/error-text.ts";
import { type ListColumns, ListTable } from "./list-table.tsx";
import { ListToolbar } from "./list-toolbar.tsx";

export interface ListPage {
  pageNum: number;
  pageSize: number;
}

/** What the table needs of the list's query (TanStack Query's result has all of it). */
export interface PagedQuery<T> {
  data: { list: T[]; total: number } | undefined;
  error: unknown;
  isError: boolean;
  isFetching: boolean;
  isPending: boolean;
  refetch: () => unknown;
}

/** The toolbar above the table (list-toolbar); the list's query, id and columns are the table's. */
export type PagedListToolbar = Omit<Parameters<typeof ListToolbar>[0], "query" | "listId" | "columns" | "onRefresh"> & {
  onRefresh?: () => void;
};

/**
 * A list read page by page from the server (the security log, the web app's errors, a team's
 * members and invitations): the rows, or why they could not be loaded with a retry; a failed
 * refresh keeps the last page under a notice. Changing the page size goes back to page 1. With
 * `toolbar`, refresh and the column chooser stand above it.
 */
export function PagedListTable<T extends { id: number | string }>(
  props: Parameters<typeof PagedRows<T>>[0] & {
    toolbar?: PagedListToolbar;
  },
) {
  const { toolbar, ...table } = props;
  const rows = <PagedRows<T> {...table} />;
  if (!toolbar) return rows;
  return (
    <>
      <ListToolbar<T>
        {...toolbar}
        query={table.query}
        onRefresh={toolbar.onRefresh ?? (() => void table.query.refetch())}
        listId={table.listId}
        columns={table.columns}
      />
      {rows}
    </>
  );
}

/** How a server-paged table pages, and what it says when it has no rows or could not load them. */
export interface PagingOptions {
  page: ListPage;
  onPage: (page: ListPage) => void;
  pageSizes: readonly number[];
  empty: ReactNode;
  /** "Could not load the list", in the page's namespace. */
  failedTitle: string;
  totalText: (total: number) => string;
}

/**
 * The paging props of antd's Table (or ListTable) for a list read page by page from the server:
 * no empty text while the first page loads, and changing the page size goes back to page 1.
 * `narrow` (below the small breakpoint) switches to antd's simple pager.
 */
export const pagedTableProps = <T,>(query: PagedQuery<T>, props: PagingOptions, narrow: boolean) => ({
  locale: { emptyText: query.isPending ? " " : props.empty },
  onChange: (pagination: TablePaginationConfig) => {
    const pageSize = pagination.pageSize ?? props.page.pageSize;
    props.onPage({ pageNum: pageSize !== props.page.pageSize ? 1 : (pagination.current ?? 1), pageSize });
  },
  pagination: {
    current: props.page.pageNum,
    pageSize: props.page.pageSize,
    total: query.data?.total ?? 0,
    showSizeChanger: true,
    pageSizeOptions: props.pageSizes.map(String),
    showTotal: props.totalText,
    simple: narrow,
  },
});

/**
 * A server-paged table's failures around it: a first load that failed says why with a retry in
 * the table's place; a failed refresh keeps the last rows under a notice with a retry.
 */
export function PagedTableStates({
  query,
  failedTitle,
  children,
}: {
  query: PagedQuery<unknown>;
  failedTitle: string;
  children: ReactNode;
}) {
  const { t } = useTranslation(["common", "errors"]);
  const retry = () => void query.refetch();
  if (query.isError && !query.data) {
    return (
      <Result
        status="warning"
        title={failedTitle}
        subTitle={errorMessage(t, query.error)}
        extra={
          <Button type="primary" onClick={retry}>
            {t("common:actions.retry")}
          </Button>
        }
      />
    );
  }
  return (
    <>
      {query.isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={`${failedTitle}: ${errorMessage(t, query.error)}`}
          action={
            <Button size="small" onClick={retry}>
              {t("common:actions.retry")}
            </Button>
          }
        />
      )}
      {children}
    </>
  );
}

function PagedRows<T extends { id: number | string }>(
  props: PagingOptions & {
    query: PagedQuery<T>;
    columns: ListColumns<T>;
    /** Names the list for its column chooser (placed in the page's toolbar) and the remembered choice. */
    listId: string;
  },
) {
  const screens = Grid.useBreakpoint();
  const { query } = props;
  return (
    <PagedTableStates query={query} failedTitle={props.failedTitle}>
      <ListTable<T>
        rowKey="id"
        size="middle"
        listId={props.listId}
        columns={props.columns}
        dataSource={query.data?.list ?? []}
        loading={query.isFetching}
        {...pagedTableProps(query, props, !screens.sm)}
      />
    </PagedTableStates>
  );
}
