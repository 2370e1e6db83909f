import { Checkbox, Empty, Pagination, Select, Spin, type TableProps } from "antd";
import type { ColumnType, TablePaginationConfig } from "antd/es/table";
import type { SorterResult } from "antd/es/table/interface";
import { isValidElement, type Key, type ReactNode, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { CardParts } from "./list-columns.ts";

const valueAt = (row: object, dataIndex: unknown): unknown => {
  if (dataIndex === undefined || dataIndex === null) return undefined;
  const path = Array.isArray(dataIndex) ? dataIndex : [dataIndex];
  return path.reduce<unknown>(
    (value, part) => (value && typeof value === "object" ? (value as Record<string, unknown>)[part] : undefined),
    row,
  );
};

/** A column's cell as the table would render it. */
const cellOf = <T extends object>(column: ColumnType<T>, row: T, index: number): ReactNode => {
  const value = valueAt(row, column.dataIndex);
  if (!column.render) return value as ReactNode;
  const rendered = column.render(value, row, index) as unknown;
  // antd lets a render return { children, props } for spans; a card only wants the content.
  if (rendered && typeof rendered === "object" && !isValidElement(rendered) && "children" in rendered) {
    return (rendered as { children: ReactNode }).children;
  }
  return rendered as ReactNode;
};

const titleText = (title: unknown, fallback: string): string => (typeof title === "string" ? title : fallback);

interface ListCardsProps<T extends object> extends Omit<TableProps<T>, "columns"> {
  parts: CardParts<T>;
  /** Every column, for the sort choice (a card has no header to click). */
  sortable: ColumnType<T>[];
}

/**
 * The list on a phone: one card per row, with the table's own paging, sort order, selection,
 * loading and empty states, reported through the table's `onChange`, so the page does not know
 * which of the two it shows.
 */
export function ListCards<T extends object>({ parts, sortable, ...props }: ListCardsProps<T>) {
  const { t } = useTranslation("common");
  const rows = (props.dataSource ?? []) as T[];
  const rowKeyOf = (row: T, index: number): Key =>
    typeof props.rowKey === "function"
      ? props.rowKey(row, index)
      : ((valueAt(row, props.rowKey ?? "key") as Key) ?? index);
  // Rows selected on other pages, so the selection reported is whole (the table keeps them too).
  const known = useRef(new Map<Key, T>());
  rows.forEach((row, index) => {
    known.current.set(rowKeyOf(row, index), row);
  });

  const pagination = props.pagination === false ? undefined : (props.pagination as TablePaginationConfig | undefined);
  const { position: _position, ...paginationProps } = pagination ?? {};
  const sorted = sortable.find((c) => c.sortOrder);
  const currentSorter = (column: ColumnType<T> | undefined, order: "ascend" | "descend" | undefined) =>
    ({ column, columnKey: column?.key, field: column?.dataIndex, order }) as SorterResult<T>;

  const report = (
    page: { current?: number; pageSize?: number },
    sorter: SorterResult<T>,
    action: "paginate" | "sort",
  ) => {
    props.onChange?.({ ...pagination, ...page }, {}, sorter, { action, currentDataSource: rows });
  };

  const selection = props.rowSelection;
  const selectedKeys = selection?.selectedRowKeys ?? [];
  const select = (key: Key, checked: boolean) => {
    const keys = checked ? [...selectedKeys, key] : selectedKeys.filter((k) => k !== key);
    const selectedRows = keys.map((k) => known.current.get(k)).filter((r): r is T => r !== undefined);
    selection?.onChange?.(keys, selectedRows, { type: "single" });
  };

  const loading = typeof props.loading === "object" ? Boolean(props.loading.spinning) : Boolean(props.loading);
  const emptyText = props.locale?.emptyText;
  const empty: ReactNode =
    typeof emptyText === "function" ? emptyText() : (emptyText ?? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />);

  return (
    <div className="list-cards">
      {sortable.length > 0 ? (
        <Select<string>
          className="list-cards-sort"
          aria-label={t("listColumns.sortBy")}
          placeholder={t("listColumns.sortBy")}
          allowClear
          value={sorted ? `${String(sorted.key)}:${sorted.sortOrder}` : undefined}
          onChange={(value) => {
            const [key, order] = (value ?? "").split(":");
            const column = sortable.find((c) => String(c.key) === key);
            report({ current: pagination?.current }, currentSorter(column, order as "ascend" | "descend"), "sort");
          }}
          options={sortable.flatMap((c) => {
            const column = titleText(c.title, String(c.key));
            return (["ascend", "descend"] as const).map((order) => ({
              value: `${String(c.key)}:${order}`,
              label: t(`listColumns.${order}`, { column }),
            }));
          })}
        />
      ) : null}
      <Spin spinning={loading}>
        {rows.length === 0 ? (
          <div className="list-cards-empty">{empty}</div>
        ) : (
          <ul className="list-cards-grid">
            {rows.map((row, index) => {
              const key = rowKeyOf(row, index);
              const rowProps = props.onRow?.(row, index) ?? {};
              const rowClass = typeof props.rowClassName === "function" ? props.rowClassName(row, index, 0) : "";
              const checkbox = selection?.getCheckboxProps?.(row) ?? {};
              return (
                <li key={key} {...rowProps} className={`list-card ${rowClass} ${rowProps.className ?? ""}`}>
                  <div className="list-card-title">
                    {selection ? (
                      <Checkbox
                        checked={selectedKeys.includes(key)}
                        disabled={checkbox.disabled}
                        aria-label={titleText(parts.title?.title, "")}
                        onChange={(event) => select(key, event.target.checked)}
                      />
                    ) : null}
                    {parts.title ? cellOf(parts.title, row, index) : null}
                  </div>
                  <dl className="list-card-fields">
                    {parts.fields.map((field) => (
                      <div key={field.key} className="list-card-field">
                        <dt>{field.label}</dt>
                        <dd>{cellOf(field.column, row, index)}</dd>
                      </div>
                    ))}
                  </dl>
                  {parts.actions ? <div className="list-card-actions">{cellOf(parts.actions, row, index)}</div> : null}
                </li>
              );
            })}
          </ul>
        )}
      </Spin>
      {pagination && (pagination.total ?? 0) > 0 ? (
        <Pagination
          className="list-cards-pagination"
          size="small"
          simple
          {...paginationProps}
          onChange={(current, pageSize) => {
            pagination?.onChange?.(current, pageSize);
            report({ current, pageSize }, currentSorter(sorted, sorted?.sortOrder ?? undefined), "paginate");
          }}
        />
      ) : null}
    </div>
  );
}
