import type { LanguageCode } from "@vrf/contract/constants.ts";
import type { TRepairReportItem } from "@vrf/contract/repair-reports/repair-report.ts";
import { formatDateTime } from "@vrf/contract/time.ts";
import { listWorkbook, type SheetColumn, zoneLabel } from "../../export/list-workbook.ts";
import { REPAIR_REPORT_FIELDS } from "./repair-report-fields.ts";

const TEXT = {
  en: {
    sheet: "Repair reports",
    status: ["Unresolved", "In process", "Resolved"],
  },
  zh: {
    sheet: "报修",
    status: ["未解决", "处理中", "已解决"],
  },
} as const;

/** Repair reports as an xlsx workbook: headers in the caller's language, times in the caller's zone. */
export async function repairReportWorkbook(
  rows: TRepairReportItem[],
  language: LanguageCode,
  utcOffsetMinutes: number,
): Promise<Buffer> {
  const text = TEXT[language];
  const c = REPAIR_REPORT_FIELDS[language];
  const zone = zoneLabel(utcOffsetMinutes);
  const columns: SheetColumn[] = [
    { header: c.reference, key: "reference", width: 12 },
    { header: c.status, key: "status", width: 12 },
    { header: `${c.reportedAt} (${zone})`, key: "reportedAt", width: 21 },
    { header: `${c.updatedAt} (${zone})`, key: "updatedAt", width: 21 },
    { header: c.userName, key: "userName", width: 20 },
    { header: c.email, key: "email", width: 28 },
    { header: c.phone, key: "phone", width: 18 },
    { header: c.country, key: "country", width: 16 },
    { header: c.address, key: "address", width: 36 },
    { header: c.productModel, key: "productModel", width: 18 },
    { header: c.serialNumber, key: "serialNumber", width: 18 },
    { header: c.project, key: "project", width: 28 },
    { header: c.distributor, key: "distributor", width: 22 },
    { header: c.content, key: "content", width: 60, wrap: true },
  ];
  return listWorkbook(
    text.sheet,
    columns,
    rows.map((r) => ({
      reference: r.reference,
      status: text.status[r.status],
      reportedAt: formatDateTime(r.reportedAt, utcOffsetMinutes),
      updatedAt: formatDateTime(r.updatedAt, utcOffsetMinutes),
      userName: r.userName,
      email: r.email,
      phone: r.phone,
      country: r.country,
      address: r.address,
      productModel: r.productModel,
      serialNumber: r.serialNumber,
      project: r.projectName ?? "",
      distributor: r.organisationName,
      content: r.content,
    })),
  );
}
