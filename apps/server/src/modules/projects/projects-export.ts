import type { LanguageCode } from "@vrf/contract/constants.ts";
import { listWorkbook, type SheetColumn } from "../../export/list-workbook.ts";
import type { ProjectListRow } from "./projects.repository.ts";

const HEADERS = {
  en: {
    sheet: "Projects",
    name: "Project name",
    code: "Project ID",
    organisation: "Distributor",
    country: "Country",
    city: "City",
    address: "Address",
    contactPerson: "Contact person",
    contactPhone: "Contact phone",
    himit: "Hi-Mit",
    hidom: "Hi-Dom",
    smarttouch: "SmartTouch",
    checker: "Hi-Checker",
    alarms: "Alarms",
    createdAt: "Created (UTC)",
  },
  zh: {
    sheet: "项目",
    name: "项目名称",
    code: "项目ID",
    organisation: "经销商",
    country: "国家",
    city: "城市",
    address: "地址",
    contactPerson: "联系人",
    contactPhone: "联系电话",
    himit: "Hi-Mit",
    hidom: "Hi-Dom",
    smarttouch: "SmartTouch",
    checker: "Hi-Checker",
    alarms: "告警总数",
    createdAt: "创建时间 (UTC)",
  },
} satisfies Record<LanguageCode, Record<string, string>>;

/** The project list as an xlsx workbook, with headers in the caller's language. */
export async function projectsWorkbook(rows: ProjectListRow[], language: LanguageCode): Promise<Buffer> {
  const text = HEADERS[language];
  const columns: SheetColumn[] = [
    { header: text.name, key: "name", width: 32 },
    { header: text.code, key: "code", width: 14 },
    { header: text.organisation, key: "organisation", width: 24 },
    { header: text.country, key: "country", width: 14 },
    { header: text.city, key: "city", width: 14 },
    { header: text.address, key: "address", width: 32 },
    { header: text.contactPerson, key: "contactPerson", width: 18 },
    { header: text.contactPhone, key: "contactPhone", width: 20 },
    { header: text.himit, key: "himit", width: 9 },
    { header: text.hidom, key: "hidom", width: 9 },
    { header: text.smarttouch, key: "smarttouch", width: 11 },
    { header: text.checker, key: "checker", width: 11 },
    { header: text.alarms, key: "alarms", width: 10 },
    { header: text.createdAt, key: "createdAt", width: 20 },
  ];
  return listWorkbook(
    text.sheet,
    columns,
    rows.map((row) => ({
      name: row.name,
      code: row.code,
      organisation: row.organisation_name,
      country: row.country_name,
      city: row.city_name,
      address: row.address,
      contactPerson: row.contact_person,
      contactPhone: row.contact_phone,
      himit: row.himit,
      hidom: row.hidom,
      smarttouch: row.smarttouch,
      checker: row.checker,
      alarms: row.alarm_count,
      createdAt: row.created_at.toISOString().replace("T", " ").slice(0, 19),
    })),
  );
}
