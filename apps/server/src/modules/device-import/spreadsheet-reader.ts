import { Readable } from "node:stream";
import { IMPORT_CELL_MAX, IMPORT_COLUMNS, IMPORT_MAX_ROWS, type TImportRow } from "@vrf/contract/device-import/rows.ts";
import { Errors } from "@vrf/contract/errors.ts";
import { parse } from "csv-parse/sync";
import ExcelJS from "exceljs";
import { AppError } from "../../app-error.ts";
import { headerScore, mapHeader } from "./column-headers.ts";

export interface UploadedFile {
  fileName: string;
  content: Buffer;
}

/** The header is looked for among the first rows, so a title line above it does not matter. */
const HEADER_SEARCH_ROWS = 10;

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

const isBinaryByte = (byte: number) => byte < 0x09 || (byte > 0x0d && byte < 0x20);

const invalid = (reason: "type" | "content") => new AppError(Errors.invalidFile, { reason });

type Grid = { row: number; cells: string[] }[];

const isoDate = (date: Date): string => date.toISOString().slice(0, 10);

const cellText = (value: ExcelJS.CellValue): string => {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? "" : isoDate(value);
  if (typeof value === "object") {
    if ("richText" in value) return value.richText.map((part) => part.text).join("");
    if ("result" in value) return cellText((value.result ?? null) as ExcelJS.CellValue);
    if ("text" in value) return String(value.text);
    return "";
  }
  return String(value);
};

/** More rows than this in one sheet is refused without reading on (a 10 MB xlsx can hold far more). */
const MAX_SHEET_ROWS = IMPORT_MAX_ROWS * 2;

/**
 * Sheets one at a time, streamed: memory stays bounded by one sheet of at most
 * MAX_SHEET_ROWS rows, and a consumer that found its sheet stops the reading.
 */
async function* xlsxSheets(content: Buffer): AsyncGenerator<Grid> {
  if (!content.subarray(0, 4).equals(ZIP_MAGIC)) throw invalid("content");
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(content), {
    sharedStrings: "cache",
    styles: "cache",
    hyperlinks: "ignore",
    worksheets: "emit",
    entries: "ignore",
  });
  let sheets = 0;
  try {
    for await (const sheet of reader) {
      sheets += 1;
      const grid: Grid = [];
      for await (const row of sheet as unknown as AsyncIterable<ExcelJS.Row>) {
        const values = (Array.isArray(row.values) ? row.values : []) as ExcelJS.CellValue[];
        grid.push({ row: row.number, cells: Array.from(values.slice(1), (v) => cellText(v)) });
        if (grid.length > MAX_SHEET_ROWS) throw new AppError(Errors.importTooManyRows, { max: IMPORT_MAX_ROWS });
      }
      yield grid;
    }
  } catch (error) {
    throw error instanceof AppError ? error : invalid("content");
  }
  if (sheets === 0) throw invalid("content");
}

/** UTF-8 (with or without BOM) as the template's users save it; GB 18030 as Chinese Excel saves "CSV". */
const decodeText = (content: Buffer): string => {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(content);
  } catch {
    return new TextDecoder("gb18030").decode(content);
  }
};

const delimiterOf = (text: string): string => {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? "";
  const counts = [",", ";", "\t"].map((d) => [d, firstLine.split(d).length] as const);
  return counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
};

function csvSheets(content: Buffer): Grid[] {
  if (content.subarray(0, 4).equals(ZIP_MAGIC)) throw invalid("content");
  // Control characters other than tab and line breaks mean a binary file with a .csv name.
  if (content.subarray(0, 64 * 1024).some(isBinaryByte)) throw invalid("content");
  // Counted before parsing, so a file of a million short lines is refused without holding them all.
  let lines = 0;
  for (const byte of content) if (byte === 0x0a && ++lines > MAX_SHEET_ROWS) break;
  if (lines > MAX_SHEET_ROWS) throw new AppError(Errors.importTooManyRows, { max: IMPORT_MAX_ROWS });
  const text = decodeText(content);
  let records: string[][];
  try {
    records = parse(text, {
      delimiter: delimiterOf(text),
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
    }) as string[][];
  } catch {
    throw invalid("content");
  }
  return [records.map((cells, index) => ({ row: index + 1, cells }))];
}

const clip = (text: string) => {
  const trimmed = text.trim();
  return trimmed.length > IMPORT_CELL_MAX ? trimmed.slice(0, IMPORT_CELL_MAX) : trimmed;
};

/** The data rows under the first recognisable header row of the first sheet that has one. */
async function rowsOf(sheets: AsyncIterable<Grid> | Iterable<Grid>): Promise<TImportRow[]> {
  let sawData = false;
  for await (const grid of sheets) {
    if (grid.some((r) => r.cells.some((c) => c.trim() !== ""))) sawData = true;
    const candidates = grid.slice(0, HEADER_SEARCH_ROWS);
    const header = candidates.reduce<Grid[number] | undefined>(
      (best, r) => (headerScore(r.cells) > (best ? headerScore(best.cells) : 1) ? r : best),
      undefined,
    );
    if (!header) continue;
    const { positions, missing } = mapHeader(header.cells);
    if (missing.length > 0) throw new AppError(Errors.importColumnsMissing, { missing });
    const rows: TImportRow[] = [];
    for (const { row, cells } of grid) {
      if (row <= header.row) continue;
      const values = Object.fromEntries(
        IMPORT_COLUMNS.map((column) => {
          const at = positions[column];
          return [column, at === undefined ? "" : clip(cells[at] ?? "")];
        }),
      ) as Omit<TImportRow, "row">;
      if (Object.values(values).every((v) => v === "")) continue;
      rows.push({ row, ...values });
      if (rows.length > IMPORT_MAX_ROWS) throw new AppError(Errors.importTooManyRows, { max: IMPORT_MAX_ROWS });
    }
    return rows;
  }
  if (!sawData) throw new AppError(Errors.emptyFile);
  throw new AppError(Errors.importColumnsMissing, { missing: [] });
}

/**
 * Reads an uploaded xlsx or csv into rows of trimmed texts. The extension picks
 * the reader and the content must agree with it (a zip for xlsx, text for csv);
 * anything else is an invalid file. A file without data rows is empty.
 */
export async function readSpreadsheet(file: UploadedFile): Promise<TImportRow[]> {
  if (file.content.length === 0) throw new AppError(Errors.emptyFile);
  const extension = /\.([^.]+)$/.exec(file.fileName)?.[1]?.toLowerCase();
  let sheets: AsyncIterable<Grid> | Iterable<Grid>;
  if (extension === "xlsx") sheets = xlsxSheets(file.content);
  else if (extension === "csv") sheets = csvSheets(file.content);
  else throw invalid("type");
  const rows = await rowsOf(sheets);
  if (rows.length === 0) throw new AppError(Errors.emptyFile);
  return rows;
}
