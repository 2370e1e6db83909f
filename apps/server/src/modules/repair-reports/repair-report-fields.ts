import type { LanguageCode } from "@vrf/contract/constants.ts";

/** What a repair report's fields are called in server-written files and mails (the web has its own locale). */
export const REPAIR_REPORT_FIELDS = {
  en: {
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
  zh: {
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
} as const satisfies Record<LanguageCode, Record<string, string>>;
