import type { LanguageCode } from "@vrf/contract/constants.ts";
import {
  IMPORT_CHUNK_ROWS,
  IMPORT_COLUMNS,
  IMPORT_FIELD_MAX,
  IMPORT_MAX_FILE_BYTES,
  IMPORT_MAX_ROWS,
  REQUIRED_IMPORT_COLUMNS,
  type TImportColumn,
  type TImportRow,
} from "@vrf/contract/device-import/rows.ts";
import ExcelJS from "exceljs";
import { COLUMN_LABELS } from "./column-headers.ts";

/** The example under the header; an upload that still holds it leaves it out. */
export const EXAMPLE_ROW: Omit<TImportRow, "row"> = {
  kind: "Hi-Mit",
  deviceCode: "HI0A1B2C3D4E",
  serialNumber: "HI2026000001",
  projectCode: "P20260001",
  model: "HCCS-H64H2C1M",
  firmware: "2.4.0",
  alias: "Lobby controller",
  installDate: "2026-03-01",
  checkerType: "",
};

export const isExampleRow = (row: TImportRow): boolean =>
  row.serialNumber === EXAMPLE_ROW.serialNumber && row.deviceCode === EXAMPLE_ROW.deviceCode;

const KIND_LABELS = ["Hi-Mit", "Hi-Dom", "SmartTouch", "Hi-Checker"];

const TEXTS = {
  en: {
    sheet: "Devices",
    instructionsSheet: "Instructions",
    projectsSheet: "Projects",
    projectNameHeader: "Project name",
    organisationHeader: "Distributor",
    filename: "device-import-template.xlsx",
    title: "How to fill in the device import template",
    columnHeader: "Column",
    requiredHeader: "Required",
    descriptionHeader: "What to enter",
    yes: "Yes",
    no: "No",
    checkerTypes: ["Temporary", "Stationary"],
    columns: {
      kind: "One of Hi-Mit, Hi-Dom, SmartTouch, Hi-Checker.",
      deviceCode: "The device's own ID (a Hi-Checker's Wi-Fi ID). Letters, digits, - _ . only; no spaces.",
      serialNumber:
        "The serial number on the nameplate. It identifies the row: a serial number that is already registered is skipped.",
      projectCode: "The project ID of one of your projects, e.g. P20260001 (the Projects sheet lists them).",
      model: "Optional. The device model, e.g. HCCS-H64H2C1M.",
      firmware: "Optional. The firmware version, e.g. 2.4.0.",
      alias: "Optional. A name people recognise the device by (at most 50 characters).",
      installDate: "Optional. The date the device was installed, as YYYY-MM-DD; not in the future.",
      checkerType: "Hi-Checker only, and required for it: Temporary or Stationary. Leave empty for other kinds.",
    } satisfies Record<TImportColumn, string>,
    notes: [
      "Row 2 of the Devices sheet is an example; it is ignored on upload. Overwrite it or add your devices below it.",
      `Upload the file as .xlsx or .csv (UTF-8), at most ${IMPORT_MAX_FILE_BYTES / 1024 / 1024} MB and ${IMPORT_MAX_ROWS.toLocaleString("en")} rows.`,
      "Headers may be in English or Chinese; keep the header row as the first row.",
      "Every row is checked before anything is imported; rows with problems are listed with the reason and are not imported.",
      `Each device joins its project (and that project's distributor); rows are imported ${IMPORT_CHUNK_ROWS} at a time.`,
    ],
  },
  zh: {
    sheet: "设备",
    instructionsSheet: "填写说明",
    projectsSheet: "项目列表",
    projectNameHeader: "项目名称",
    organisationHeader: "经销商",
    filename: "设备导入模板.xlsx",
    title: "设备导入模板填写说明",
    columnHeader: "列",
    requiredHeader: "必填",
    descriptionHeader: "填写内容",
    yes: "是",
    no: "否",
    checkerTypes: ["临时", "固定"],
    columns: {
      kind: "Hi-Mit、Hi-Dom、SmartTouch、Hi-Checker 之一。",
      deviceCode: "设备自身的ID（Hi-Checker 为其 Wi-Fi ID）。只能包含字母、数字和 - _ .，不能有空格。",
      serialNumber: "铭牌上的序列号，用于识别每一行：已注册的序列号将被跳过。",
      projectCode: "您的某个项目的项目ID，例如 P20260001（见“项目列表”工作表）。",
      model: "选填。设备型号，例如 HCCS-H64H2C1M。",
      firmware: "选填。固件版本，例如 2.4.0。",
      alias: "选填。便于识别设备的名称（最多 50 个字符）。",
      installDate: "选填。设备安装日期，格式 YYYY-MM-DD，不能晚于今天。",
      checkerType: "仅适用于 Hi-Checker，且为必填：临时 或 固定。其他设备类型请留空。",
    } satisfies Record<TImportColumn, string>,
    notes: [
      "“设备”工作表的第 2 行是示例，上传时会被忽略。可直接覆盖，或在其下方添加设备。",
      `请以 .xlsx 或 .csv（UTF-8）格式上传，文件不超过 ${IMPORT_MAX_FILE_BYTES / 1024 / 1024} MB，最多 ${IMPORT_MAX_ROWS} 行。`,
      "表头可以是中文或英文；表头须保持在第一行。",
      "导入前会检查每一行；有问题的行会列出原因，且不会被导入。",
      `每台设备归入其项目（及该项目所属经销商），每批导入 ${IMPORT_CHUNK_ROWS} 行。`,
    ],
  },
} as const;

const THEME = "FF2BC6C2";

const styleHeader = (row: ExcelJS.Row) => {
  row.eachCell((cell) => {
    cell.font = { bold: true, color: { argb: "FFFFFFFF" } };
    cell.fill = { type: "pattern", pattern: "solid", fgColor: { argb: THEME } };
    cell.alignment = { vertical: "middle" };
  });
};
const columnLetter = (index: number) => String.fromCharCode(65 + index);

export interface TemplateProject {
  code: string;
  name: string;
  organisationName: string;
}

/**
 * The template in the caller's language: the devices sheet (header, example,
 * pick lists), the instructions, and the caller's projects to copy IDs from.
 */
export async function buildTemplate(
  language: LanguageCode,
  projects: readonly TemplateProject[],
): Promise<{ filename: string; body: Buffer }> {
  const text = TEXTS[language];
  const labels = COLUMN_LABELS[language];
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "VRF Cloud";
  workbook.created = new Date();

  const sheet = workbook.addWorksheet(text.sheet, { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = IMPORT_COLUMNS.map((column) => ({
    header: REQUIRED_IMPORT_COLUMNS.includes(column) ? `${labels[column]} *` : labels[column],
    key: column,
    width: Math.max(16, Math.min(28, IMPORT_FIELD_MAX[column] / 2 + 8)),
    // Text format keeps long numeric IDs exact and stops Excel from reformatting them.
    style: { numFmt: "@" },
  }));
  sheet.getRow(1).height = 22;
  styleHeader(sheet.getRow(1));
  const example = sheet.addRow(EXAMPLE_ROW);
  example.font = { italic: true, color: { argb: "FF8C8C8C" } };

  const lastRow = IMPORT_MAX_ROWS + 1;
  const kindColumn = columnLetter(IMPORT_COLUMNS.indexOf("kind"));
  const typeColumn = columnLetter(IMPORT_COLUMNS.indexOf("checkerType"));
  for (let row = 2; row <= Math.min(lastRow, 1001); row++) {
    sheet.getCell(`${kindColumn}${row}`).dataValidation = {
      type: "list",
      allowBlank: true,
      formulae: [`"${KIND_LABELS.join(",")}"`],
    };
    sheet.getCell(`${typeColumn}${row}`).dataValidation = {
      type: "list",
      allowBlank: true,
      formulae: [`"${text.checkerTypes.join(",")}"`],
    };
  }

  const help = workbook.addWorksheet(text.instructionsSheet);
  help.columns = [{ width: 22 }, { width: 10 }, { width: 90 }];
  help.addRow([text.title]).font = { bold: true, size: 14 };
  help.addRow([]);
  styleHeader(help.addRow([text.columnHeader, text.requiredHeader, text.descriptionHeader]));
  for (const column of IMPORT_COLUMNS) {
    const row = help.addRow([
      labels[column],
      REQUIRED_IMPORT_COLUMNS.includes(column) ? text.yes : text.no,
      text.columns[column],
    ]);
    row.getCell(3).alignment = { wrapText: true, vertical: "top" };
  }
  help.addRow([]);
  for (const note of text.notes) help.addRow([`• ${note}`]);

  const projectSheet = workbook.addWorksheet(text.projectsSheet, { views: [{ state: "frozen", ySplit: 1 }] });
  projectSheet.columns = [
    { header: labels.projectCode, width: 18 },
    { header: text.projectNameHeader, width: 40 },
    { header: text.organisationHeader, width: 28 },
  ];
  styleHeader(projectSheet.getRow(1));
  for (const project of projects) projectSheet.addRow([project.code, project.name, project.organisationName]);

  const body = Buffer.from(await workbook.xlsx.writeBuffer());
  return { filename: text.filename, body };
}
