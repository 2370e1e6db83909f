import { IMPORT_COLUMNS, type TCheckedImportRow, type TImportColumn } from "@vrf/contract/device-import/rows.ts";

// A cell starting with one of these runs as a formula when the file is opened in a spreadsheet program.
const FORMULA_START = /^[=+@\t\r]/;

const csvCell = (value: string | number): string => {
  const text = String(value);
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return /[",\r\n;]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

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
  return [header, ...lines].map((cells) => cells.map(csvCell).join(",")).join("\r\n");
};
