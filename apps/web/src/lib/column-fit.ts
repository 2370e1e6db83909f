/**
 * Which columns of a list table are shown at a given width. A wide table used to scroll
 * sideways, and what mattered (an indoor unit's mode and temperatures, a report's phone) sat
 * off-screen; now each column says how much it matters and the least important ones give way.
 *
 * - `key`: what identifies the row (name, serial, code); always shown, pinned left, never hidden.
 * - `actions`: the row's actions; always shown, pinned right.
 * - `primary`: shown unless the user hides it, even if the table must then scroll.
 * - `secondary`, `optional`: shown, in that order, while there is room.
 */
export type ColumnPriority = "key" | "primary" | "secondary" | "optional" | "actions";

export interface FitColumn {
  key: string;
  priority: ColumnPriority;
  /** Pixels the column needs; a column without one is given `FLEX_COLUMN_WIDTH`. */
  width: number;
}

/** The user's remembered choice for one list: columns hidden, and columns asked for although crowded. */
export interface ColumnChoice {
  hidden: readonly string[];
  shown: readonly string[];
}

export const NO_CHOICE: ColumnChoice = { hidden: [], shown: [] };

/** The room a free-text column without a width is counted with. */
export const FLEX_COLUMN_WIDTH = 180;

/** antd's selection column (checkbox and padding). */
export const SELECTION_COLUMN_WIDTH = 48;

const ALWAYS: ReadonlySet<ColumnPriority> = new Set(["key", "actions"]);
const TIERS: readonly ColumnPriority[] = ["secondary", "optional"];

export interface FitResult {
  /** Keys of the columns to render. */
  visible: Set<string>;
  /** Wanted columns left out for lack of room (the chooser says so). */
  crowded: Set<string>;
}

/**
 * `available` is the table's width in pixels (0 or less: not measured yet, everything wanted is
 * shown). Key, actions and primary columns (and those the user asked for) are always in; then
 * secondary and optional ones in their order while they fit. Once a column of a tier does not
 * fit, no column of a lower tier is taken, so a less important column never shows while a more
 * important one is missing; smaller columns of the same tier may still fill the gap.
 */
export const fitColumns = (
  columns: readonly FitColumn[],
  available: number,
  choice: ColumnChoice = NO_CHOICE,
  reserved = 0,
): FitResult => {
  const hidden = new Set(choice.hidden);
  const shown = new Set(choice.shown);
  const wanted = columns.filter((c) => ALWAYS.has(c.priority) || !hidden.has(c.key));
  const visible = new Set<string>();
  const crowded = new Set<string>();
  let used = reserved;
  for (const column of wanted) {
    if (ALWAYS.has(column.priority) || column.priority === "primary" || shown.has(column.key)) {
      visible.add(column.key);
      used += column.width;
    }
  }
  let blocked = false;
  for (const tier of TIERS) {
    for (const column of wanted) {
      if (column.priority !== tier || visible.has(column.key)) continue;
      if (!blocked && (available <= 0 || used + column.width <= available)) {
        visible.add(column.key);
        used += column.width;
      } else crowded.add(column.key);
    }
    if (crowded.size > 0) blocked = true;
  }
  return { visible, crowded };
};

/**
 * What the chooser's tick on `key` does: a shown column is hidden; a hidden or crowded one is
 * asked for (it then shows even when the table must scroll). The key column cannot be hidden.
 */
export const toggleColumn = (choice: ColumnChoice, key: string, show: boolean): ColumnChoice => {
  const hidden = choice.hidden.filter((k) => k !== key);
  const shown = choice.shown.filter((k) => k !== key);
  return show ? { hidden, shown: [...shown, key] } : { hidden: [...hidden, key], shown };
};

const keyList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((k): k is string => typeof k === "string" && k.length <= 64).slice(0, 100) : [];

/** A remembered choice read back; anything unreadable is no choice at all. */
export const parseColumnChoice = (json: string | null): ColumnChoice => {
  if (!json) return NO_CHOICE;
  try {
    const value = JSON.parse(json) as { hidden?: unknown; shown?: unknown } | null;
    if (typeof value !== "object" || value === null) return NO_CHOICE;
    return { hidden: keyList(value.hidden), shown: keyList(value.shown) };
  } catch {
    return NO_CHOICE;
  }
};

/** The localStorage key of one account's choice for one list: two accounts on a browser keep their own. */
export const columnChoiceKey = (customerId: string | null, listId: string): string =>
  `listColumns:${customerId || "anonymous"}:${listId}`;
