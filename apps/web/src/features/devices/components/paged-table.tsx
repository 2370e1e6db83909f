import { Alert, Button, Card, Empty, Flex, type TableProps } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ColumnChooser } from "../../../components/column-chooser.tsx";
import { type ListColumns, ListTable } from "../../../components/list-table.tsx";
import { useErrorText } from "../../../lib/error-text.ts";
import { type LoadingState, showsLoading } from "../../../lib/query-loading.ts";
import { type ListState, PAGE_SIZES, sortFromTable } from "../utils/list-params.ts";
import { QueryError } from "./query-error.tsx";

interface PageData<T> {
  list: T[];
  total: number;
}

interface PagedTableProps<T, F extends string> {
  columns: ListColumns<T>;
  /** Names the list for its column chooser and the remembered choice. */
  listId: string;
  data: PageData<T> | undefined;
  query: LoadingState & { error: unknown; refetch: () => unknown };
  state: ListState<F>;
  onStateChange: (next: ListState<F>) => void;
  sortable: readonly string[];
  emptyText: string;
  /** Above the table on the right (e.g. "Register Hi-Checker"). */
  actions?: ReactNode;
  title?: ReactNode;
  bordered?: boolean;
  /** Inside another card (detail pages): no card of its own. */
  bare?: boolean;
  rowSelection?: TableProps<T>["rowSelection"];
}

/**
 * A server-paged, server-sorted table with the states a user meets: first load,
 * another page over old rows, nothing found, and a failed load with a retry. A live
 * refresh of the rows on screen shows no spinner.
 */
export function PagedTable<T extends { id: number | string }, F extends string>({
  columns,
  listId,
  data,
  query,
  state,
  onStateChange,
  sortable,
  emptyText,
  actions,
  title,
  bare = false,
  rowSelection,
}: PagedTableProps<T, F>) {
  const { t } = useTranslation("devices");
  const errorText = useErrorText();

  const sortedColumns = columns.map((column) => {
    const key = column.key as string | undefined;
    if (!key || !sortable.includes(key)) return column;
    return { ...column, sorter: true, sortOrder: state.sort === key ? (state.order ?? null) : null };
  });

  const body =
    query.isError && !data ? (
      <QueryError title={t("list.loadFailed")} error={query.error} onRetry={() => void query.refetch()} />
    ) : (
      <>
        {query.isError && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 12 }}
            title={errorText(query.error)}
            action={
              <Button size="small" onClick={() => void query.refetch()}>
                {t("list.retry")}
              </Button>
            }
          />
        )}
        <ListTable<T>
          rowKey="id"
          size="middle"
          listId={listId}
          columns={sortedColumns}
          dataSource={data?.list ?? []}
          loading={showsLoading(query)}
          {...(rowSelection ? { rowSelection } : {})}
          locale={{
            emptyText: query.isLoading ? " " : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />,
          }}
          pagination={{
            current: state.pageNum,
            pageSize: state.pageSize,
            total: data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZES.map(String),
            showTotal: (total) => t("list.total", { total }),
            responsive: true,
            size: "small",
          }}
          onChange={(pagination, _filters, sorter) => {
            const sort = sortFromTable(sorter as never, sortable);
            const sortChanged = sort.sort !== state.sort || sort.order !== state.order;
            const pageSize = pagination.pageSize ?? state.pageSize;
            onStateChange({
              filters: state.filters,
              pageSize,
              pageNum: sortChanged || pageSize !== state.pageSize ? 1 : (pagination.current ?? 1),
              ...sort,
            });
          }}
        />
      </>
    );

  const toolbar = (
    <Flex justify="space-between" align="center" gap={12} wrap className="devices-list-toolbar">
      <div>{title}</div>
      <Flex gap={8} wrap>
        {actions}
        <ColumnChooser listId={listId} columns={columns} />
      </Flex>
    </Flex>
  );

  if (bare) {
    return (
      <>
        {toolbar}
        {body}
      </>
    );
  }
  return (
    <Card variant="borderless" className="devices-card">
      {toolbar}
      {body}
    </Card>
  );
}
