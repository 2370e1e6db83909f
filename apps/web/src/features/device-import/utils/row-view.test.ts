import type { TCheckedImportRow } from "@vrf/contract/device-import/rows.ts";
import { describe, expect, it } from "vitest";
import { initialView, rowsInView } from "./row-view.ts";

const rows = (["ok", "error", "registered", "ok"] as const).map(
  (status, i) => ({ row: i + 2, status, reasons: [] }) as unknown as TCheckedImportRow,
);

describe("dry-run table filter", () => {
  it("shows all rows or those of one status", () => {
    expect(rowsInView(rows, "all")).toHaveLength(4);
    expect(rowsInView(rows, "ok").map((r) => r.row)).toEqual([2, 5]);
    expect(rowsInView(rows, "error").map((r) => r.row)).toEqual([3]);
    expect(rowsInView(rows, "registered").map((r) => r.row)).toEqual([4]);
  });

  it("opens on the problems when there are any", () => {
    expect(initialView(rows)).toBe("error");
    expect(initialView(rows.filter((r) => r.status !== "error"))).toBe("all");
  });
});
