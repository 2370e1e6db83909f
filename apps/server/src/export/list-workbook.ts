import ExcelJS from "exceljs";

export interface SheetColumn {
  header: string;
  key: string;
  width: number;
  /** Long text (e.g. a report's content) wraps inside its cell. */
  wrap?: boolean;
}

export type SheetRow = Record<string, string | number | null>;

/**
 * A list as an xlsx file: one sheet, a bold header row that stays in view and
 * filters, one row per record. Every export of the portal looks the same.
 */
export async function listWorkbook(sheetName: string, columns: SheetColumn[], rows: SheetRow[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "VRF Cloud";
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = columns.map(({ header, key, width }) => ({ header, key, width }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(row);
  for (const column of columns) {
    if (column.wrap) sheet.getColumn(column.key).alignment = { wrapText: true, vertical: "top" };
  }
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** "UTC+8", "UTC-3:30": the zone a header's times are written in. */
export const zoneLabel = (offsetMinutes: number): string => {
  const abs = Math.abs(offsetMinutes);
  const minutes = abs % 60;
  return `UTC${offsetMinutes < 0 ? "-" : "+"}${Math.floor(abs / 60)}${minutes ? `:${String(minutes).padStart(2, "0")}` : ""}`;
};
