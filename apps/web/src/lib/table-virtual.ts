/**
 * When a list table renders only the rows in view (antd Table's `virtual`), and the numbers that
 * mode needs. Rendering 100–200 rows of a page at once costs a long task of half a second and
 * more on an ordinary laptop; up to 50 rows the plain table is quick enough and keeps the page's
 * own scrolling.
 */
export const VIRTUAL_FROM_ROWS = 50;

/** Width given to a column that names none (or a non-numeric one) when the total must be a number. */
export const FALLBACK_COLUMN_WIDTH = 150;

interface ColumnLike {
  width?: number | string;
  children?: readonly ColumnLike[];
  hidden?: boolean;
}

export const shouldVirtualize = (pageSize: number | undefined, rows: number): boolean =>
  (pageSize ?? 0) > VIRTUAL_FROM_ROWS && rows > VIRTUAL_FROM_ROWS;

/**
 * The table's scroll width in pixels: virtual mode lays columns out from a numeric `scroll.x`
 * and shares it among columns without a width, so it is the sum of the leaf columns' widths,
 * with a sane default for those that give none ("max-content" cannot be measured before render).
 */
export const columnsWidth = (columns: readonly ColumnLike[] | undefined): number =>
  (columns ?? []).reduce((sum, column) => {
    if (column.hidden) return sum;
    if (column.children?.length) return sum + columnsWidth(column.children);
    return sum + (typeof column.width === "number" ? column.width : FALLBACK_COLUMN_WIDTH);
  }, 0);

/** Height of the scrolling body: the window less the layout's bars and a list page's filters. */
export const virtualBodyHeight = (windowHeight: number): number => Math.max(360, Math.round(windowHeight - 280));
