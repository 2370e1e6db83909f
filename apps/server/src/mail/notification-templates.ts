import type { LanguageCode } from "@vrf/contract/constants.ts";
import { REPAIR_REPORT_FIELDS } from "../modules/repair-reports/repair-report-fields.ts";

/**
 * Mails of the Distributor Cloud notification settings: a new repair report and
 * the daily fault report, in the reader's language.
 */
interface Rendered {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string);

const page = (title: string, body: string, footer: string) =>
  `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2d3d;max-width:760px">` +
  `<h2 style="color:#2BC6C2">${escapeHtml(title)}</h2>${body}` +
  `<p style="color:#8492a6;font-size:12px">${escapeHtml(footer)}</p></body></html>`;

const cell = "padding:6px 10px;border-bottom:1px solid #ebeef5;text-align:left;vertical-align:top";

const fieldTable = (rows: [string, string][]) =>
  `<table style="border-collapse:collapse">${rows
    .map(
      ([label, value]) =>
        `<tr><th style="${cell};color:#8492a6;font-weight:normal;white-space:nowrap">${escapeHtml(label)}</th>` +
        `<td style="${cell};white-space:pre-wrap">${escapeHtml(value)}</td></tr>`,
    )
    .join("")}</table>`;

const STATUS_WORDS = { zh: { open: "未修复", repaired: "已修复" }, en: { open: "Open", repaired: "Repaired" } };

const REPAIR_TEXT = {
  zh: {
    subject: (ref: string, product: string) => `新报修 ${ref}：${product}`,
    intro: "您的设备收到一条新的报修，请在 Distributor Cloud 的「报修管理」中处理。",
    open: "查看并处理：",
    footer: "您收到此邮件是因为开启了「报修信息」通知，可在个人信息页关闭。",
  },
  en: {
    subject: (ref: string, product: string) => `New repair report ${ref}: ${product}`,
    intro: "A new repair report arrived for one of your devices. Handle it under Repair Reports in Distributor Cloud.",
    open: "Open and handle it:",
    footer:
      "You receive this e-mail because repair-info notices are on; switch them off on your personal information page.",
  },
} as const;

export interface RepairReportNotice {
  reference: string;
  /** Already in the reader's zone, e.g. "2026-03-01 16:00 (Asia/Shanghai)". */
  reportedAt: string;
  userName: string;
  email: string;
  phone: string;
  country: string;
  address: string;
  productModel: string;
  serialNumber: string;
  projectName: string | null;
  content: string;
  /** The report's page in the portal, when the portal's public address is known. */
  link: string | null;
}

export const repairReportMail = (language: LanguageCode, r: RepairReportNotice): Rendered => {
  const t = REPAIR_TEXT[language];
  const f = REPAIR_REPORT_FIELDS[language];
  const subject = t.subject(r.reference, [r.productModel, r.serialNumber].filter(Boolean).join(" "));
  const rows: [string, string][] = [
    [f.reference, r.reference],
    [f.reportedAt, r.reportedAt],
    [f.userName, r.userName],
    [f.email, r.email],
    [f.phone, r.phone || "-"],
    [f.country, r.country || "-"],
    [f.address, r.address || "-"],
    [f.productModel, r.productModel || "-"],
    [f.serialNumber, r.serialNumber],
    ...(r.projectName ? ([[f.project, r.projectName]] as [string, string][]) : []),
    [f.content, r.content],
  ];
  return {
    subject,
    text:
      `${t.intro}\n\n${rows.map(([label, value]) => `${label}: ${value}`).join("\n")}\n\n` +
      (r.link ? `${t.open} ${r.link}\n\n` : "") +
      `${t.footer}\n`,
    html: page(
      subject,
      `<p>${escapeHtml(t.intro)}</p>${fieldTable(rows)}` +
        (r.link ? `<p>${escapeHtml(t.open)} <a href="${escapeHtml(r.link)}">${escapeHtml(r.link)}</a></p>` : ""),
      t.footer,
    ),
  };
};

const DAILY_TEXT = {
  zh: {
    subject: (date: string, count: number) => `每日故障报告 ${date}：${count} 条故障`,
    intro: (from: string, to: string, zone: string) => `${from} 至 ${to}（${zone}）期间上报的故障：`,
    none: "这段时间内没有设备上报故障。",
    more: (shown: number, total: number) =>
      `仅列出最近 ${shown} 条，共 ${total} 条；完整列表见 Distributor Cloud 的「故障分析」。`,
    columns: ["时间", "项目", "设备序列号", "故障代码", "故障名称", "位置", "状态"],
    location: (s: string, o: string, i: string) => `系统 ${s} / 室外机 ${o} / 室内机 ${i}`,
    footer: "您收到此邮件是因为开启了「每日故障报告」，可在个人信息页修改接收时间或关闭。",
  },
  en: {
    subject: (date: string, count: number) =>
      `Daily fault report ${date}: ${count} ${count === 1 ? "fault" : "faults"}`,
    intro: (from: string, to: string, zone: string) => `Faults reported from ${from} to ${to} (${zone}):`,
    none: "No device reported a fault in this period.",
    more: (shown: number, total: number) =>
      `Showing the latest ${shown} of ${total}; see Fault Analysis in Distributor Cloud for the full list.`,
    columns: ["Time", "Project", "Device serial", "Code", "Fault", "Location", "Status"],
    location: (s: string, o: string, i: string) => `System ${s} / outdoor ${o} / indoor ${i}`,
    footer:
      "You receive this e-mail because the daily fault report is on; change its hour or switch it off on your personal information page.",
  },
} as const;

export interface DailyFaultLine {
  /** In the reader's zone. */
  time: string;
  projectName: string | null;
  serialNumber: string;
  code: string;
  name: string | null;
  systemNumber: number | null;
  outdoorAddress: number | null;
  indoorAddress: number | null;
  repaired: boolean;
}

export interface DailyFaultReport {
  localDate: string;
  from: string;
  to: string;
  zone: string;
  total: number;
  lines: DailyFaultLine[];
}

export const dailyFaultReportMail = (language: LanguageCode, report: DailyFaultReport): Rendered => {
  const t = DAILY_TEXT[language];
  const subject = t.subject(report.localDate, report.total);
  const dash = (n: number | null) => (n === null ? "-" : String(n));
  const rows = report.lines.map((l) => [
    l.time,
    l.projectName ?? "-",
    l.serialNumber,
    l.code,
    l.name ?? "-",
    t.location(dash(l.systemNumber), dash(l.outdoorAddress), dash(l.indoorAddress)),
    STATUS_WORDS[language][l.repaired ? "repaired" : "open"],
  ]);
  const intro = t.intro(report.from, report.to, report.zone);
  const more = report.total > report.lines.length ? t.more(report.lines.length, report.total) : null;

  const textBody = rows.length === 0 ? t.none : rows.map((r) => r.join(" | ")).join("\n") + (more ? `\n\n${more}` : "");
  const table =
    `<table style="border-collapse:collapse;font-size:13px"><tr>${t.columns
      .map((c) => `<th style="${cell};background:#f5f7fa">${escapeHtml(c)}</th>`)
      .join("")}</tr>` +
    rows.map((r) => `<tr>${r.map((v) => `<td style="${cell}">${escapeHtml(v)}</td>`).join("")}</tr>`).join("") +
    `</table>`;
  const htmlBody =
    `<p>${escapeHtml(intro)}</p>` +
    (rows.length === 0 ? `<p>${escapeHtml(t.none)}</p>` : table) +
    (more ? `<p>${escapeHtml(more)}</p>` : "");
  return { subject, text: `${intro}\n\n${textBody}\n\n${t.footer}\n`, html: page(subject, htmlBody, t.footer) };
};
