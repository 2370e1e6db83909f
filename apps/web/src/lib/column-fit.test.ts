import { describe, expect, it } from "vitest";
import {
  columnChoiceKey,
  type FitColumn,
  fitColumns,
  NO_CHOICE,
  parseColumnChoice,
  SELECTION_COLUMN_WIDTH,
  toggleColumn,
} from "./column-fit.ts";

/** The cross-device indoor unit list, as unit-columns.tsx describes it. */
const indoor: FitColumn[] = [
  { key: "device", priority: "key", width: 160 },
  { key: "project", priority: "secondary", width: 170 },
  { key: "systemNumber", priority: "primary", width: 80 },
  { key: "address", priority: "primary", width: 80 },
  { key: "model", priority: "optional", width: 140 },
  { key: "serialNumber", priority: "secondary", width: 150 },
  { key: "status", priority: "primary", width: 160 },
  { key: "powerOn", priority: "primary", width: 80 },
  { key: "mode", priority: "primary", width: 100 },
  { key: "setTemperature", priority: "primary", width: 100 },
  { key: "roomTemperature", priority: "primary", width: 110 },
  { key: "fanSpeed", priority: "secondary", width: 100 },
  { key: "reportedAt", priority: "secondary", width: 120 },
  { key: "actions", priority: "actions", width: 96 },
];
const all = indoor.map((c) => c.key);
const sorted = (keys: Iterable<string>) => [...keys].sort();

describe("fitting columns to the width", () => {
  it("shows every column when there is room, or before the width is known", () => {
    expect(sorted(fitColumns(indoor, 3000).visible)).toEqual(sorted(all));
    expect(sorted(fitColumns(indoor, 0).visible)).toEqual(sorted(all));
    expect(fitColumns(indoor, 3000).crowded.size).toBe(0);
  });

  it("keeps the key, actions and primary columns at a laptop's width and drops the least important first", () => {
    // 1440 px less the sidebar and paddings, with the selection column of the indoor list.
    const fit = fitColumns(indoor, 1130, NO_CHOICE, SELECTION_COLUMN_WIDTH);
    for (const key of ["device", "mode", "setTemperature", "roomTemperature", "status", "actions"]) {
      expect(fit.visible.has(key)).toBe(true);
    }
    // The project (170) does not fit; the smaller fan speed of the same tier still does; no optional column shows.
    expect(fit.visible.has("project")).toBe(false);
    expect(fit.visible.has("fanSpeed")).toBe(true);
    expect(fit.visible.has("model")).toBe(false);
    expect(sorted(fit.crowded)).toEqual(["model", "project", "reportedAt", "serialNumber"]);
  });

  it("never shows an optional column while a secondary one is left out", () => {
    const columns: FitColumn[] = [
      { key: "name", priority: "key", width: 200 },
      { key: "wide", priority: "secondary", width: 400 },
      { key: "small", priority: "optional", width: 50 },
    ];
    const fit = fitColumns(columns, 500);
    expect(sorted(fit.visible)).toEqual(["name"]);
    expect(sorted(fit.crowded)).toEqual(["small", "wide"]);
  });

  it("keeps primary columns even when the table must scroll", () => {
    const fit = fitColumns(indoor, 400);
    expect(fit.visible.has("roomTemperature")).toBe(true);
    expect(fit.visible.has("fanSpeed")).toBe(false);
  });

  it("follows the user's choice: hidden columns go, asked-for ones stay, the key and actions cannot be hidden", () => {
    const choice = { hidden: ["mode", "device", "actions"], shown: ["model"] };
    const fit = fitColumns(indoor, 1130, choice);
    expect(fit.visible.has("mode")).toBe(false);
    expect(fit.visible.has("device")).toBe(true);
    expect(fit.visible.has("actions")).toBe(true);
    expect(fit.visible.has("model")).toBe(true);
    // A hidden column is the user's doing, not the width's.
    expect(fit.crowded.has("mode")).toBe(false);
  });
});

describe("the remembered choice", () => {
  it("hides a ticked-off column and asks for a ticked one", () => {
    const hidden = toggleColumn(NO_CHOICE, "email", false);
    expect(hidden).toEqual({ hidden: ["email"], shown: [] });
    expect(toggleColumn(hidden, "email", true)).toEqual({ hidden: [], shown: ["email"] });
    expect(toggleColumn({ hidden: [], shown: ["email"] }, "email", false)).toEqual({ hidden: ["email"], shown: [] });
  });

  it("reads back what it wrote and ignores anything else", () => {
    const choice = { hidden: ["phone"], shown: ["address"] };
    expect(parseColumnChoice(JSON.stringify(choice))).toEqual(choice);
    expect(parseColumnChoice(null)).toEqual(NO_CHOICE);
    expect(parseColumnChoice("{not json")).toEqual(NO_CHOICE);
    expect(parseColumnChoice("null")).toEqual(NO_CHOICE);
    expect(parseColumnChoice(JSON.stringify({ hidden: "phone", shown: [1, "x"] }))).toEqual({
      hidden: [],
      shown: ["x"],
    });
  });

  it("is kept per account and per list", () => {
    expect(columnChoiceKey("42", "projects")).toBe("listColumns:42:projects");
    expect(columnChoiceKey("43", "projects")).not.toBe(columnChoiceKey("42", "projects"));
    expect(columnChoiceKey("42", "repair-reports")).not.toBe(columnChoiceKey("42", "projects"));
    expect(columnChoiceKey(null, "projects")).toBe("listColumns:anonymous:projects");
  });
});
