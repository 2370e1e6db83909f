import type { TCheckedImportRow } from "@vrf/contract/device-import/rows.ts";

export type RowView = "all" | "error" | "ok" | "registered";

export const ROW_VIEWS: readonly RowView[] = ["all", "error", "ok", "registered"];

export const rowsInView = (rows: readonly TCheckedImportRow[], view: RowView): readonly TCheckedImportRow[] =>
  view === "all" ? rows : rows.filter((r) => r.status === view);

/** The view to open with: the problems when there are any, so they are seen first. */
export const initialView = (rows: readonly TCheckedImportRow[]): RowView =>
  rows.some((r) => r.status === "error") ? "error" : "all";
