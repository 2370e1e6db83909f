import { describe, expect, it } from "vitest";
import { FLEX_COLUMN_WIDTH } from "../lib/column-fit.ts";
import {
  arrangeColumns,
  cardParts,
  choosableColumns,
  type ListColumns,
  shownWidth,
  toFitColumns,
} from "./list-columns.ts";

interface Row {
  id: number;
  name: string;
}

const columns: ListColumns<Row> = [
  { key: "code", title: "Code", width: 100, priority: "primary", fixed: "left" },
  { key: "name", title: "Name", width: 200, priority: "key" },
  { key: "note", title: "Note", priority: "secondary" },
  {
    key: "counts",
    title: "Devices",
    priority: "optional",
    children: [
      { key: "a", title: "A", width: 60 },
      { key: "b", title: "B", width: 70 },
    ],
  },
  { key: "phone", title: "Phone", width: 170 },
  { key: "actions", title: "Actions", width: 90 },
];

describe("list columns", () => {
  it("reads priorities and widths, with defaults for what a column does not say", () => {
    expect(toFitColumns(columns)).toEqual([
      { key: "code", priority: "primary", width: 100 },
      { key: "name", priority: "key", width: 200 },
      { key: "note", priority: "secondary", width: FLEX_COLUMN_WIDTH },
      { key: "counts", priority: "optional", width: 130 },
      { key: "phone", priority: "secondary", width: 170 },
      { key: "actions", priority: "actions", width: 90 },
    ]);
    // Without a marked key column, the first one identifies the row.
    expect(toFitColumns([{ key: "x" }, { key: "y" }]).map((c) => c.priority)).toEqual(["key", "secondary"]);
  });

  it("puts the key column first, pinned left, actions pinned right, nothing else pinned", () => {
    const arranged = arrangeColumns(columns, new Set(["name", "code", "actions"]));
    expect(arranged.map((c) => [c.key, c.fixed ?? null, c.hidden])).toEqual([
      ["name", "left", false],
      ["code", null, false],
      ["note", null, true],
      ["counts", null, true],
      ["phone", null, true],
      ["actions", "right", false],
    ]);
    expect(arranged.some((c) => "priority" in c)).toBe(false);
    expect(shownWidth(columns, new Set(["name", "code", "actions"]))).toBe(390);
  });

  it("makes a card of the key as title, the wanted fields as rows and the actions", () => {
    const parts = cardParts(columns, { hidden: ["phone"], shown: [] });
    expect(parts.title?.key).toBe("name");
    expect(parts.actions?.key).toBe("actions");
    expect(parts.fields.map((f) => f.key)).toEqual(["code", "note"]);
    // An optional group asked for shows each of its columns.
    const asked = cardParts(columns, { hidden: [], shown: ["counts"] });
    expect(asked.fields.map((f) => [f.key, f.label])).toEqual([
      ["code", "Code"],
      ["note", "Note"],
      ["counts.0", "Devices · A"],
      ["counts.1", "Devices · B"],
      ["phone", "Phone"],
    ]);
  });

  it("offers every column but the actions in the chooser, the key first", () => {
    expect(choosableColumns(columns).map((c) => c.key)).toEqual(["name", "code", "note", "counts", "phone"]);
  });
});
