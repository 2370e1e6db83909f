import type { LanguageCode } from "@vrf/contract/constants.ts";
import { listWorkbook } from "../../export/list-workbook.ts";

export interface ExportColumn<R> {
  header: Record<LanguageCode, string>;
  width: number;
  value: (row: R, language: LanguageCode) => string | number | null;
}

/** The device lists' columns carry both languages; the shared builder writes the caller's. */
export const devicesWorkbook = <R>(
  sheetName: Record<LanguageCode, string>,
  columns: ExportColumn<R>[],
  rows: R[],
  language: LanguageCode,
): Promise<Buffer> =>
  listWorkbook(
    sheetName[language],
    columns.map((c, i) => ({ header: c.header[language], key: String(i), width: c.width })),
    rows.map((row) => Object.fromEntries(columns.map((c, i) => [String(i), c.value(row, language)]))),
  );

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
