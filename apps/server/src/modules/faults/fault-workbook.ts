import type { LanguageCode } from "@vrf/contract/constants.ts";
import type { TFaultRecord } from "@vrf/contract/faults/fault-list.ts";
import { formatDateTime } from "@vrf/contract/time.ts";
import { listWorkbook, type SheetColumn, zoneLabel } from "../../export/list-workbook.ts";

const TEXT = {
  en: {
    sheet: "Fault records",
    code: "Code",
    name: "Fault",
    state: "State",
    open: "Not repaired",
    repaired: "Repaired",
    occurredAt: "Fault time",
    repairedAt: "Repair time",
    project: "Project",
    projectCode: "Project ID",
    serialNumber: "Device serial number",
    deviceKind: "Device type",
    system: "System",
    outdoor: "Outdoor unit",
    indoor: "Indoor unit",
    organisation: "Distributor",
  },
  zh: {
    sheet: "故障记录",
    code: "故障代码",
    name: "故障名称",
    state: "状态",
    open: "未修复",
    repaired: "已修复",
    occurredAt: "故障时间",
    repairedAt: "修复时间",
    project: "项目",
    projectCode: "项目ID",
    serialNumber: "设备序列号",
    deviceKind: "设备类型",
    system: "系统号",
    outdoor: "室外机地址",
    indoor: "室内机地址",
    organisation: "经销商",
  },
} satisfies Record<LanguageCode, Record<string, string>>;

const KIND_NAMES: Record<TFaultRecord["deviceKind"], string> = {
  himit: "Hi-Mit",
  hidom: "Hi-Dom",
  smarttouch: "SmartTouch",
  checker: "Hi-Checker",
};

/** Fault records as an xlsx workbook, headers in the caller's language, times in the caller's zone. */
export async function faultWorkbook(
  rows: TFaultRecord[],
  language: LanguageCode,
  utcOffsetMinutes: number,
): Promise<Buffer> {
  const text = TEXT[language];
  const zone = zoneLabel(utcOffsetMinutes);
  const columns: SheetColumn[] = [
    { header: text.code, key: "code", width: 9 },
    { header: text.name, key: "name", width: 36 },
    { header: text.state, key: "state", width: 13 },
    { header: `${text.occurredAt} (${zone})`, key: "occurredAt", width: 21 },
    { header: `${text.repairedAt} (${zone})`, key: "repairedAt", width: 21 },
    { header: text.project, key: "project", width: 30 },
    { header: text.projectCode, key: "projectCode", width: 13 },
    { header: text.serialNumber, key: "serialNumber", width: 20 },
    { header: text.deviceKind, key: "deviceKind", width: 12 },
    { header: text.system, key: "system", width: 9 },
    { header: text.outdoor, key: "outdoor", width: 11 },
    { header: text.indoor, key: "indoor", width: 11 },
    { header: text.organisation, key: "organisation", width: 24 },
  ];
  return listWorkbook(
    text.sheet,
    columns,
    rows.map((row) => ({
      code: row.code,
      name: row.name ?? "",
      state: row.repaired ? text.repaired : text.open,
      occurredAt: formatDateTime(row.occurredAt, utcOffsetMinutes),
      repairedAt: formatDateTime(row.repairedAt, utcOffsetMinutes),
      project: row.projectName ?? "",
      projectCode: row.projectCode ?? "",
      serialNumber: row.serialNumber,
      deviceKind: KIND_NAMES[row.deviceKind],
      system: row.systemNumber ?? "",
      outdoor: row.outdoorAddress ?? "",
      indoor: row.indoorAddress ?? "",
      organisation: row.organisationName,
    })),
  );
}
