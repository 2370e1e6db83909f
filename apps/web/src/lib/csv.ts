// A cell starting with one of these runs as a formula when the file is opened in a spreadsheet program.
const FORMULA_START = /^[=+@\t\r]/;

/** One CSV cell: quoted when it must be, and never read as a formula by a spreadsheet program. */
export const csvCell = (value: string | number): string => {
  const text = String(value);
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return /[",\r\n;]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

/** Rows of cells as CSV text (CRLF line ends, as spreadsheet programs expect). */
export const csvText = (rows: readonly (readonly (string | number)[])[]): string =>
  rows.map((cells) => cells.map(csvCell).join(",")).join("\r\n");

/** A CSV file with a byte-order mark, so spreadsheet programs read it as UTF-8. */
export const csvBlob = (text: string): Blob => new Blob(["\uFEFF", text], { type: "text/csv;charset=utf-8" });
