import { IMPORT_COLUMNS, type TCheckedImportRow, type TImportColumn } from "@vrf/contract/device-import/rows.ts";
import { csvText } from "../../../lib/csv.ts";

/**
 * The rows that were not imported as a CSV the user can fix and upload again:
 * the template's columns (so it reads back as an import file) plus the row
 * number and the reasons.
 */
export const problemCsv = (
  rows: readonly TCheckedImportRow[],
  labels: { row: string; reasons: string; column: (column: TImportColumn) => string },
  reasonsOf: (row: TCheckedImportRow) => string[],
): string => {
  const header = [...IMPORT_COLUMNS.map(labels.column), labels.row, labels.reasons];
  const lines = rows
    .filter((r) => r.status === "error")
    .map((r) => [...IMPORT_COLUMNS.map((c) => r[c]), r.row, reasonsOf(r).join(" ")]);
  return csvText([header, ...lines]);
};
