import type { LanguageCode } from "@vrf/contract/constants.ts";
import type { SecurityEventType } from "@vrf/contract/security-events/event-types.ts";
import { formatDateTime } from "@vrf/contract/time.ts";
import { listWorkbook, type SheetColumn, zoneLabel } from "../../export/list-workbook.ts";
import type { SecurityEventRow } from "./security-events.repository.ts";

const TYPE_NAMES: Record<SecurityEventType, Record<LanguageCode, string>> = {
  signIn: { en: "Signed in", zh: "登录成功" },
  signInHandover: { en: "Signed in from another system", zh: "从其他系统登录" },
  signInFailed: { en: "Sign-in failed", zh: "登录失败" },
  lockout: { en: "Account locked", zh: "账号锁定" },
  signOut: { en: "Signed out", zh: "退出登录" },
  passwordChanged: { en: "Password changed", zh: "修改密码" },
  passwordReset: { en: "Password reset", zh: "重置密码" },
  moduleSession: { en: "Module entered", zh: "进入模块" },
  roleChanged: { en: "Role changed", zh: "角色变更" },
  subDistributorTransition: { en: "Sub-distributor status changed", zh: "二级经销商状态变更" },
  export: { en: "Data exported", zh: "数据导出" },
  deviceCredentials: { en: "Device password issued", zh: "签发设备密码" },
  deviceRemoved: { en: "Device removed", zh: "移除设备" },
  teamChanged: { en: "Team changed", zh: "团队变更" },
};

const TEXT = {
  en: {
    sheet: "Security events",
    time: "Time",
    type: "Event",
    email: "Account",
    ip: "IP address",
    agent: "Browser",
    detail: "Details",
  },
  zh: { sheet: "安全事件", time: "时间", type: "事件", email: "账号", ip: "IP 地址", agent: "浏览器", detail: "详情" },
} as const;

const typeName = (type: string, language: LanguageCode): string =>
  TYPE_NAMES[type as SecurityEventType]?.[language] ?? type;

// The spreadsheet is for archiving and searching; the detail keeps its keys so a
// reader can filter on them. The portal shows the same values as sentences.
const detailText = (detail: SecurityEventRow["detail"]): string =>
  Object.entries(detail)
    .map(([key, value]) => `${key}=${value === null ? "" : String(value)}`)
    .join("; ");

/** The security log as an xlsx workbook: headers and event names in the caller's language, times in its zone. */
export function securityEventWorkbook(
  rows: SecurityEventRow[],
  language: LanguageCode,
  utcOffsetMinutes: number,
): Promise<Buffer> {
  const text = TEXT[language];
  const columns: SheetColumn[] = [
    { header: `${text.time} (${zoneLabel(utcOffsetMinutes)})`, key: "time", width: 21 },
    { header: text.type, key: "type", width: 24 },
    { header: text.email, key: "email", width: 30 },
    { header: text.ip, key: "ip", width: 18 },
    { header: text.detail, key: "detail", width: 60, wrap: true },
    { header: text.agent, key: "agent", width: 40 },
  ];
  return listWorkbook(
    text.sheet,
    columns,
    rows.map((r) => ({
      time: formatDateTime(r.createdAt, utcOffsetMinutes),
      type: typeName(r.type, language),
      email: r.email ?? "",
      ip: r.ip ?? "",
      detail: detailText(r.detail),
      agent: r.userAgent ?? "",
    })),
  );
}
