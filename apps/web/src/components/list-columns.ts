import type { ColumnsType, ColumnType } from "antd/es/table";
import type { ReactNode } from "react";
import { type ColumnChoice, type ColumnPriority, type FitColumn, FLEX_COLUMN_WIDTH } from "../lib/column-fit.ts";

/** An antd column that says how much it matters (see lib/column-fit.ts). */
export type ListColumn<T> = ColumnsType<T>[number] & { priority?: ColumnPriority };
export type ListColumns<T> = ListColumn<T>[];

type Grouped<T> = ListColumn<T> & { children?: ListColumn<T>[] };

const childrenOf = <T>(column: ListColumn<T>): ListColumn<T>[] => (column as Grouped<T>).children ?? [];

export const columnKey = <T>(column: ListColumn<T>, index: number): string =>
  column.key === undefined ? `#${index}` : String(column.key);

/**
 * A column's priority as written, else: "actions" by its key, the first column the key when no
 * column is marked as one, the rest secondary.
 */
export const priorityOf = <T>(columns: readonly ListColumn<T>[], index: number): ColumnPriority => {
  const column = columns[index] as ListColumn<T>;
  if (column.priority) return column.priority;
  if (column.key === "actions") return "actions";
  const hasKey = columns.some((c) => c.priority === "key");
  const firstOther = columns.findIndex((c) => c.key !== "actions" && c.priority !== "actions");
  return !hasKey && index === firstOther ? "key" : "secondary";
};

const widthOf = <T>(column: ListColumn<T>): number => {
  const children = childrenOf(column);
  if (children.length) return children.reduce((sum, child) => sum + widthOf(child), 0);
  return typeof column.width === "number" ? column.width : FLEX_COLUMN_WIDTH;
};

export const toFitColumns = <T>(columns: readonly ListColumn<T>[]): FitColumn[] =>
  columns.map((column, index) => ({
    key: columnKey(column, index),
    priority: priorityOf(columns, index),
    width: widthOf(column),
  }));

/**
 * The columns as the table renders them: the key column first and pinned left, actions pinned
 * right, nothing else pinned (a pinned middle column covers the rest on a narrow table), the
 * columns left out marked `hidden` (antd keeps their sort state).
 */
export const arrangeColumns = <T>(columns: readonly ListColumn<T>[], visible: ReadonlySet<string>): ColumnsType<T> => {
  const fit = toFitColumns(columns);
  const arranged = columns.map((column, index) => {
    const { priority: _priority, ...rest } = column;
    const { key, priority } = fit[index] as FitColumn;
    const fixed = priority === "key" ? ("left" as const) : priority === "actions" ? ("right" as const) : undefined;
    return { ...rest, fixed, hidden: !visible.has(key) } as ColumnsType<T>[number];
  });
  const keyIndex = fit.findIndex((c) => c.priority === "key");
  if (keyIndex <= 0) return arranged;
  return [arranged[keyIndex], ...arranged.filter((_, i) => i !== keyIndex)] as ColumnsType<T>;
};

/** The table's scroll width: what the shown columns need. */
export const shownWidth = <T>(columns: readonly ListColumn<T>[], visible: ReadonlySet<string>): number =>
  toFitColumns(columns).reduce((sum, c) => sum + (visible.has(c.key) ? c.width : 0), 0);

export interface CardField<T> {
  key: string;
  label: ReactNode;
  column: ColumnType<T>;
}

export interface CardParts<T> {
  title: ColumnType<T> | undefined;
  fields: CardField<T>[];
  actions: ColumnType<T> | undefined;
}

/**
 * A row as a card: the key column as its title, the primary and secondary columns the user has
 * not hidden (and optional ones asked for) as label: value rows, a group's columns one by one,
 * and the actions at the bottom.
 */
export const cardParts = <T>(columns: readonly ListColumn<T>[], choice: ColumnChoice): CardParts<T> => {
  const fit = toFitColumns(columns);
  const hidden = new Set(choice.hidden);
  const shown = new Set(choice.shown);
  const parts: CardParts<T> = { title: undefined, fields: [], actions: undefined };
  columns.forEach((column, index) => {
    const { key, priority } = fit[index] as FitColumn;
    if (priority === "key") parts.title = column as ColumnType<T>;
    else if (priority === "actions") parts.actions = column as ColumnType<T>;
    else if (hidden.has(key) || (priority === "optional" && !shown.has(key))) return;
    else {
      const children = childrenOf(column);
      if (!children.length)
        parts.fields.push({ key, label: column.title as ReactNode, column: column as ColumnType<T> });
      children.forEach((child, childIndex) => {
        const label = typeof column.title === "string" ? `${column.title} · ${String(child.title)}` : child.title;
        parts.fields.push({ key: `${key}.${childIndex}`, label: label as ReactNode, column: child as ColumnType<T> });
      });
    }
  });
  return parts;
};

/** Keys and titles of the columns the chooser offers (the key column first, shown but locked). */
export const choosableColumns = <T>(
  columns: readonly ListColumn<T>[],
): { key: string; title: ReactNode; priority: ColumnPriority }[] =>
  toFitColumns(columns)
    .map((c, index) => ({
      key: c.key,
      priority: c.priority,
      title: (columns[index] as ListColumn<T>).title as ReactNode,
    }))
    .filter((c) => c.priority !== "actions" && c.title)
    .sort((a, b) => (a.priority === "key" ? -1 : b.priority === "key" ? 1 : 0));
