import type { LanguageCode } from "@vrf/contract/constants.ts";
import ExcelJS from "exceljs";

export interface ExportColumn<R> {
  header: Record<LanguageCode, string>;
  width: number;
  value: (row: R, language: LanguageCode) => string | number | null;
}

/** One sheet with a bold, frozen, filterable header row in the caller's language. */
export async function devicesWorkbook<R>(
  sheetName: Record<LanguageCode, string>,
  columns: ExportColumn<R>[],
  rows: R[],
  language: LanguageCode,
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "VRF Cloud";
  const sheet = workbook.addWorksheet(sheetName[language], { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = columns.map((c, i) => ({ header: c.header[language], key: String(i), width: c.width }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    sheet.addRow(Object.fromEntries(columns.map((c, i) => [String(i), c.value(row, language)])));
  }
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const STATUS: Record<string, Record<LanguageCode, string>> = {
  online: { en: "Online", zh: "在线" },
  offline: { en: "Offline", zh: "离线" },
  standby: { en: "Standby", zh: "待机" },
  grabbing: { en: "Message grabbing", zh: "报文抓取" },
  collecting: { en: "Data collection", zh: "数据采集" },
  other: { en: "Other", zh: "其他" },
};
const CHECKER_TYPE: Record<string, Record<LanguageCode, string>> = {
  temporary: { en: "Temporary use", zh: "临时使用" },
  stationary: { en: "Stationary use", zh: "固定使用" },
};

export const statusText = (status: string, language: LanguageCode): string => STATUS[status]?.[language] ?? status;
export const checkerTypeText = (type: string | null, language: LanguageCode): string =>
  type === null ? "" : (CHECKER_TYPE[type]?.[language] ?? type);
/** Spreadsheet times are written in UTC and say so in the header. */
export const utcText = (iso: string | null): string => (iso ? iso.replace("T", " ").slice(0, 19) : "");
