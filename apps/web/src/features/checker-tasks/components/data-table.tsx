import { Grid, Table } from "antd";
import type { ColumnsType } from "antd/es/table";
import {
  type PagedQuery,
  PagedTableStates,
  type PagingOptions,
  pagedTableProps,
} from "../../../components/paged-list-table.tsx";
import { type LoadingState, showsLoading } from "../../../lib/query-loading.ts";
import { columnsWidth, shouldVirtualize, virtualBodyHeight } from "../../../lib/table-virtual.ts";
import { useWindowHeight } from "../../../lib/use-window-height.ts";

/** What the table needs of its page's query (TanStack Query's result has all of it). */
export type DataQuery<T> = PagedQuery<T> & LoadingState;

interface DataTableProps<T> extends PagingOptions {
  rowKey: keyof T & string;
  columns: ColumnsType<T>;
  query: DataQuery<T>;
  className?: string;
}

/**
 * What a task gathered, a server page at a time, as a dense table: every column is data, so none
 * gives way. It scrolls sideways where it is wider than the screen (a phone), and renders only
 * the rows in view above 50 a page (lib/table-virtual.ts). A first load or another page shows a
 * spinner, a live refresh does not; a failed load says why with a retry, a failed refresh keeps
 * the rows under a notice. Changing the page size goes back to page 1.
 */
export function DataTable<T extends object>(props: DataTableProps<T>) {
  const screens = Grid.useBreakpoint();
  const windowHeight = useWindowHeight();
  const { query, page, columns } = props;
  const rows = query.data?.list ?? [];
  const virtual = shouldVirtualize(page.pageSize, rows.length);
  const paging = pagedTableProps(query, props, !screens.sm);
  return (
    <PagedTableStates query={query} failedTitle={props.failedTitle}>
      <Table<T>
        rowKey={props.rowKey}
        size="small"
        className={props.className}
        columns={columns}
        dataSource={rows}
        loading={showsLoading(query)}
        tableLayout="fixed"
        {...(virtual ? { virtual: true } : {})}
        scroll={{ x: columnsWidth(columns), ...(virtual ? { y: virtualBodyHeight(windowHeight) } : {}) }}
        locale={paging.locale}
        onChange={paging.onChange}
        // Unlike the lists, a phone's simple pager here goes without the total.
        pagination={{
          ...paging.pagination,
          showTotal: screens.sm ? props.totalText : undefined,
          hideOnSinglePage: false,
        }}
      />
    </PagedTableStates>
  );
}
