import type { LanguageCode } from "@vrf/contract/constants.ts";
import type { TRepairReportItem } from "@vrf/contract/repair-reports/repair-report.ts";
import { formatDateTime } from "@vrf/contract/time.ts";
import { listWorkbook, type SheetColumn, zoneLabel } from "../../export/list-workbook.ts";

const TEXT = {
  en: {
    sheet: "Repair reports",
    status: ["Unresolved", "In process", "Resolved"],
    columns: {
      reference: "Reference",
      status: "Status",
      reportedAt: "Report time",
      updatedAt: "Last updated",
      userName: "User name",
      email: "E-mail",
      phone: "Phone",
      country: "Country/area",
      address: "Address",
      productModel: "Product model",
      serialNumber: "Serial number",
      project: "Project",
      distributor: "Distributor",
      content: "Content",
    },
  },
  zh: {
    sheet: "报修",
    status: ["未解决", "处理中", "已解决"],
    columns: {
      reference: "报修编号",
      status: "状态",
      reportedAt: "报修时间",
      updatedAt: "最后更新",
      userName: "用户名",
      email: "邮箱",
      phone: "电话",
      country: "国家/地区",
      address: "地址",
      productModel: "产品型号",
      serialNumber: "序列号",
      project: "项目",
      distributor: "经销商",
      content: "报修内容",
    },
  },
} as const;

/** Repair reports as an xlsx workbook: headers in the caller's language, times in the caller's zone. */
export async function repairReportWorkbook(
  rows: TRepairReportItem[],
  language: LanguageCode,
  utcOffsetMinutes: number,
): Promise<Buffer> {
  const text = TEXT[language];
  const c = text.columns;
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
