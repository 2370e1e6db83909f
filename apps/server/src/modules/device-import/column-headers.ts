import type { LanguageCode } from "@vrf/contract/constants.ts";
import { IMPORT_COLUMNS, REQUIRED_IMPORT_COLUMNS, type TImportColumn } from "@vrf/contract/device-import/rows.ts";

/** The template's header texts; either language is accepted on upload. */
export const COLUMN_LABELS: Record<LanguageCode, Record<TImportColumn, string>> = {
  en: {
    kind: "Device kind",
    deviceCode: "Device ID",
    serialNumber: "Serial number",
    projectCode: "Project ID",
    model: "Model",
    firmware: "Firmware",
    alias: "Alias",
    installDate: "Install date",
    checkerType: "Checker type",
  },
  zh: {
    kind: "设备类型",
    deviceCode: "设备ID",
    serialNumber: "序列号",
    projectCode: "项目ID",
    model: "型号",
    firmware: "固件版本",
    alias: "别名",
    installDate: "安装日期",
    checkerType: "检测仪类型",
  },
};

/** Other spellings people use for the same columns (exported lists, older templates). */
const EXTRA_ALIASES: Record<TImportColumn, string[]> = {
  kind: ["kind", "type", "device type", "设备种类"],
  deviceCode: ["deviceCode", "device code", "WiFi ID", "设备编号"],
  serialNumber: ["serial", "serial no", "SN", "序列号码"],
  projectCode: ["projectCode", "project code", "project", "项目编号"],
  model: ["device model", "设备型号"],
  firmware: ["firmware version", "固件"],
  alias: ["name", "device name", "设备名称"],
  installDate: ["installation date", "安装时间"],
  checkerType: ["Hi-Checker type", "device usage", "检测仪用途"],
};

/** Header text as compared: no case, spaces, punctuation or required-markers ("Device ID *" = "deviceid"). */
export const normaliseHeader = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[（(][^）)]*[）)]/g, "")
    .replace(/[^\p{L}\p{N}]/gu, "");

const HEADER_INDEX = new Map<string, TImportColumn>();
for (const column of IMPORT_COLUMNS) {
  for (const text of [column, COLUMN_LABELS.en[column], COLUMN_LABELS.zh[column], ...EXTRA_ALIASES[column]]) {
    HEADER_INDEX.set(normaliseHeader(text), column);
  }
}

export interface HeaderMapping {
  /** Template column -> index of the cell in each row. */
  positions: Partial<Record<TImportColumn, number>>;
  missing: TImportColumn[];
}

/** Which cell holds which column; the first occurrence of a column wins, unknown headers are ignored. */
export const mapHeader = (cells: readonly string[]): HeaderMapping => {
  const positions: Partial<Record<TImportColumn, number>> = {};
  cells.forEach((text, index) => {
    const column = HEADER_INDEX.get(normaliseHeader(text));
    if (column && positions[column] === undefined) positions[column] = index;
  });
  return { positions, missing: REQUIRED_IMPORT_COLUMNS.filter((c) => positions[c] === undefined) };
};

/** How many template columns a row's texts name: used to find the header row. */
export const headerScore = (cells: readonly string[]): number =>
  new Set(cells.map((text) => HEADER_INDEX.get(normaliseHeader(text))).filter(Boolean)).size;
