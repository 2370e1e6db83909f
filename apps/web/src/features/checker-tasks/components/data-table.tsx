import { Alert, Button, Grid, Result, Table } from "antd";
import type { ColumnsType } from "antd/es/table";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../../lib/error-text.ts";
import { showsLoading } from "../../../lib/query-loading.ts";
import { columnsWidth, shouldVirtualize, virtualBodyHeight } from "../../../lib/table-virtual.ts";

export interface DataPage {
  pageNum: number;
  pageSize: number;
}

/** What the table needs of its page's query (TanStack Query's result has all of it). */
export interface DataQuery<T> {
  data: { list: T[]; total: number } | undefined;
  error: unknown;
  isError: boolean;
  isFetching: boolean;
  isLoading: boolean;
  isPending: boolean;
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

function useWindowHeight(): number {
  const [height, setHeight] = useState(() => window.innerHeight);
  useEffect(() => {
    const update = () => setHeight(window.innerHeight);
    window.addEventListener("resize", update);
    return () => window.removeEventListener("resize", update);
  }, []);
  return height;
}

interface DataTableProps<T> {
  rowKey: keyof T & string;
  columns: ColumnsType<T>;
  query: DataQuery<T>;
  page: DataPage;
  onPage: (page: DataPage) => void;
  pageSizes: readonly number[];
  empty: ReactNode;
  failedTitle: string;
  totalText: (total: number) => string;
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
  const { t } = useTranslation(["common", "errors"]);
  const screens = Grid.useBreakpoint();
  const windowHeight = useWindowHeight();
  const { query, page, columns } = props;
  const retry = () => void query.refetch();

  if (query.isError && !query.data) {
    return (
      <Result
        status="warning"
        title={props.failedTitle}
        subTitle={errorMessage(t, query.error)}
        extra={
          <Button type="primary" onClick={retry}>
            {t("common:actions.retry")}
          </Button>
        }
      />
    );
  }

  const rows = query.data?.list ?? [];
  const virtual = shouldVirtualize(page.pageSize, rows.length);
  return (
    <>
      {query.isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={`${props.failedTitle}: ${errorMessage(t, query.error)}`}
          action={
            <Button size="small" onClick={retry}>
              {t("common:actions.retry")}
            </Button>
          }
        />
      )}
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
        locale={{ emptyText: query.isPending ? " " : props.empty }}
        onChange={(pagination) => {
          const pageSize = pagination.pageSize ?? page.pageSize;
          props.onPage({ pageNum: pageSize !== page.pageSize ? 1 : (pagination.current ?? 1), pageSize });
        }}
        pagination={{
          current: page.pageNum,
          pageSize: page.pageSize,
          total: query.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: props.pageSizes.map(String),
          showTotal: screens.sm ? props.totalText : undefined,
          simple: !screens.sm,
          hideOnSinglePage: false,
        }}
      />
    </>
  );
}
