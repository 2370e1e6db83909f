import type { TCheckedImportRow, TImportRow } from "@vrf/contract/device-import/rows.ts";
import { type ImportTotals, NO_TOTALS } from "./import-chunks.ts";

export interface ImportPlan {
  /** The rows the check found good, as the commit call takes them. */
  rows: TImportRow[];
  /**
   * Where the totals start: the rows the check already settled are never sent, yet the result
   * must count them as the check did, registered serial numbers as skipped and rows with
   * problems as failed (with their reasons), or the result would contradict the check.
   */
  start: ImportTotals;
}

export const importPlan = (checked: readonly TCheckedImportRow[]): ImportPlan => ({
  rows: checked
    .filter((r) => r.status === "ok")
    .map(({ status: _status, reasons: _reasons, projectName: _projectName, ...row }) => row),
  start: {
    ...NO_TOTALS,
    skipped: checked.filter((r) => r.status === "registered").length,
    failed: checked.filter((r) => r.status === "error").map((r) => ({ row: r.row, reasons: r.reasons })),
  },
});
