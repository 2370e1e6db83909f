import { Table, type TableProps } from "antd";
import type { ColumnType } from "antd/es/table";
import { useEffect, useLayoutEffect, useMemo, useState } from "react";
import { fitColumns, SELECTION_COLUMN_WIDTH } from "../lib/column-fit.ts";
import { shouldVirtualize, virtualBodyHeight } from "../lib/table-virtual.ts";
import { publishCrowded, useColumnChoice } from "../lib/use-column-choice.ts";
import { useListCards } from "../lib/use-list-cards.ts";
import { useWindowHeight } from "../lib/use-window-height.ts";
import { ListCards } from "./list-cards.tsx";
import { arrangeColumns, cardParts, type ListColumns, shownWidth, toFitColumns } from "./list-columns.ts";
import "./list-table.css";

export type { ListColumn, ListColumns } from "./list-columns.ts";

/** The wrapper's width, followed as the window, the sidebar or a tab changes it (0 while hidden). */
function useWidth(): [number, (node: HTMLDivElement | null) => void] {
  const [node, setNode] = useState<HTMLDivElement | null>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    if (!node) return;
    setWidth(node.clientWidth);
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => setWidth(node.clientWidth));
    observer.observe(node);
    return () => observer.disconnect();
  }, [node]);
  return [width, setNode];
}

export interface ListTableProps<T> extends Omit<TableProps<T>, "columns"> {
  columns: ListColumns<T>;
  /** Names the list for the column chooser (`ColumnChooser` with the same id) and its remembered choice. */
  listId?: string;
}

/**
 * antd's Table for the server-paged lists.
 *
 * Columns carry a priority (lib/column-fit.ts): the table shows those that fit its width, the key
 * column pinned left and the actions right, and what the user chose in the list's column chooser.
 * Below the mobile breakpoint the rows are cards (list-cards.tsx) with the same paging and states.
 *
 * A page of more than 50 rows (page sizes of 100, up to the API's 200) switches to virtual mode,
 * which renders only the rows in view inside a body of fixed height. Smaller pages render as
 * before (e2e tests find their rows as `tr.ant-table-row`; virtual rows are `div`s).
 */
export function ListTable<T extends object>({ columns, listId, ...props }: ListTableProps<T>) {
  const windowHeight = useWindowHeight();
  const cards = useListCards();
  const [choice] = useColumnChoice(listId);
  const [width, measure] = useWidth();
  const reserved = props.rowSelection ? SELECTION_COLUMN_WIDTH : 0;
  const fit = useMemo(
    () => fitColumns(toFitColumns(columns), width, choice, reserved),
    [columns, width, choice, reserved],
  );
  const parts = useMemo(() => (cards ? cardParts(columns, choice) : undefined), [cards, columns, choice]);

  // The chooser shows a ticked column the list leaves out (no room, or not on a card) as not shown.
  const crowded = parts
    ? toFitColumns(columns)
        .filter((c) => c.priority === "optional" && !choice.shown.includes(c.key) && !choice.hidden.includes(c.key))
        .map((c) => c.key)
    : [...fit.crowded];
  const crowdedKey = crowded.join(",");
  // biome-ignore lint/correctness/useExhaustiveDependencies: the joined keys are the identity of the list.
  useEffect(() => {
    if (listId) publishCrowded(listId, crowded);
  }, [listId, crowdedKey]);

  if (parts) {
    return (
      <div ref={measure} className={`list-table ${props.className ?? ""}`}>
        <ListCards<T> {...props} parts={parts} sortable={columns.filter((c) => c.sorter) as ColumnType<T>[]} />
      </div>
    );
  }

  const shown = arrangeColumns(columns, fit.visible);
  const x = shownWidth(columns, fit.visible) + reserved;
  const pageSize = props.pagination ? props.pagination.pageSize : undefined;
  const virtual = shouldVirtualize(pageSize, props.dataSource?.length ?? 0);
  return (
    <div ref={measure} className="list-table">
      <Table<T>
        {...props}
        columns={shown}
        tableLayout="fixed"
        {...(virtual ? { virtual: true } : {})}
        scroll={{ ...props.scroll, x, ...(virtual ? { y: virtualBodyHeight(windowHeight) } : {}) }}
      />
    </div>
  );
}
