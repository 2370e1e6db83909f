import { describe, expect, it } from "vitest";
import { columnsWidth, FALLBACK_COLUMN_WIDTH, shouldVirtualize, virtualBodyHeight } from "./table-virtual.ts";

describe("virtual list tables", () => {
  it("renders only the rows in view for pages of more than 50 rows", () => {
    expect(shouldVirtualize(20, 20)).toBe(false);
    expect(shouldVirtualize(50, 50)).toBe(false);
    expect(shouldVirtualize(100, 100)).toBe(true);
    expect(shouldVirtualize(200, 180)).toBe(true);
    // The last page of a large page size holding a few rows renders them plainly.
    expect(shouldVirtualize(100, 7)).toBe(false);
    expect(shouldVirtualize(undefined, 500)).toBe(false);
  });

  it("sums the leaf columns' widths, with a default for a column that names none", () => {
    expect(columnsWidth([{ width: 120 }, { width: 200 }])).toBe(320);
    expect(columnsWidth([{ width: 120 }, {}, { width: "30%" }])).toBe(120 + 2 * FALLBACK_COLUMN_WIDTH);
    expect(columnsWidth([{ children: [{ width: 80 }, { width: 90 }] }, { width: 100, hidden: true }])).toBe(170);
    expect(columnsWidth(undefined)).toBe(0);
  });

  it("gives the scrolling body the window's height less the page's bars, never too little", () => {
    expect(virtualBodyHeight(900)).toBe(620);
    expect(virtualBodyHeight(500)).toBe(360);
  });
});
