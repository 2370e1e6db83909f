import { ReloadOutlined } from "@ant-design/icons";
import { Button, Flex, Tooltip } from "antd";
import type { CSSProperties, ReactNode } from "react";
import { ColumnChooser } from "./column-chooser.tsx";
import type { ListColumns } from "./list-table.tsx";

/**
 * What stands above a paged list, at its right: the caller's leading buttons, refresh (its icon
 * turns while a refresh is under way, not on the first load), the caller's actions, and the
 * column chooser.
 */
export function ListToolbar<T>(props: {
  refreshLabel: string;
  /** The list's query: `isFetching` without `isPending` is a refresh. */
  query: { isFetching: boolean; isPending: boolean };
  onRefresh: () => void;
  listId: string;
  columns: ListColumns<T>;
  leading?: ReactNode;
  actions?: ReactNode;
  style?: CSSProperties;
}) {
  const { query } = props;
  return (
    <Flex gap={8} align="center" justify="flex-end" style={props.style}>
      {props.leading}
      <Tooltip title={props.refreshLabel}>
        <Button
          aria-label={props.refreshLabel}
          icon={<ReloadOutlined spin={query.isFetching && !query.isPending} />}
          onClick={props.onRefresh}
        />
      </Tooltip>
      {props.actions}
      <ColumnChooser listId={props.listId} columns={props.columns} />
    </Flex>
  );
}

/** The toolbar's leading "reset the filters" link, shown only while a filter is set. */
export function ResetFiltersLink({ shown, onReset, label }: { shown: boolean; onReset: () => void; label: string }) {
  if (!shown) return null;
  return (
    <Button type="link" onClick={onReset}>
      {label}
    </Button>
  );
}
