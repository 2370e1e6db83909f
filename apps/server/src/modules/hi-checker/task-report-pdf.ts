import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { Readable } from "node:stream";
import type { LanguageCode } from "@vrf/contract/constants.ts";
import PDFDocument from "pdfkit";
import SVGtoPDF from "svg-to-pdfkit";
import { reportText } from "./task-report-texts.ts";

/** What a data report shows, in its language already (task-reports.service.ts builds it). */
export interface ReportModel {
  language: LanguageCode;
  id: string;
  title: string;
  generated: string;
  zone: string;
  overview: [label: string, value: string][];
  charts: { title: string; svg: string; height: number }[];
  chartsNote: string | null;
  faults: { time: string; code: string; name: string; unit: string; repaired: string; checks: string }[];
  faultsNote: string | null;
  notes: string;
}

const require = createRequire(import.meta.url);
const FONT_FILES = {
  regular: "@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf",
  bold: "@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf",
} as const;

/**
 * Noto Sans SC, whole (about 10 MB a weight), read once per process: it has the Latin and CJK
 * glyphs both languages and mixed project names need, and PDFKit embeds only the glyphs a report
 * uses, so a report stays small.
 */
let fonts: Promise<{ regular: Buffer; bold: Buffer }> | null = null;
const reportFonts = () => {
  fonts ??= Promise.all([
    readFile(require.resolve(FONT_FILES.regular)),
    readFile(require.resolve(FONT_FILES.bold)),
  ]).then(([regular, bold]) => ({ regular, bold }));
  // A failed read is not kept: the next report tries again.
  fonts.catch(() => {
    fonts = null;
  });
  return fonts;
};

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = { left: 48, right: 48, top: 78, bottom: 64 };
const WIDTH = PAGE.width - MARGIN.left - MARGIN.right;
const COLOR = {
  brand: "#1f5fa8",
  text: "#1e293b",
  muted: "#64748b",
  rule: "#cbd5e1",
  band: "#f1f5f9",
  danger: "#b23a48",
};
const REGULAR = "regular";
const BOLD = "bold";

type Doc = PDFKit.PDFDocument;

/** The report's PDF as a stream; its pages are numbered once all are laid out, then it flows. */
export const renderReportPdf = async (model: ReportModel): Promise<Readable> => {
  const { regular, bold } = await reportFonts();
  const t = (key: Parameters<typeof reportText>[1], values?: Record<string, string | number>) =>
    reportText(model.language, key, values);
  const doc: Doc = new PDFDocument({
    size: "A4",
    margins: MARGIN,
    bufferPages: true,
    autoFirstPage: false,
    info: { Title: model.title, Author: t("product"), Subject: t("document"), Creator: t("product") },
    lang: model.language === "zh" ? "zh-CN" : "en",
  });
  doc.registerFont(REGULAR, regular);
  doc.registerFont(BOLD, bold);

  doc.on("pageAdded", () => {
    doc.save();
    doc.rect(0, 0, PAGE.width, 6).fill(COLOR.brand);
    doc
      .font(BOLD)
      .fontSize(11)
      .fillColor(COLOR.brand)
      .text(t("product"), MARGIN.left, 30, { width: WIDTH / 2, lineBreak: false });
    doc
      .font(REGULAR)
      .fontSize(10)
      .fillColor(COLOR.muted)
      .text(t("document"), MARGIN.left + WIDTH / 2, 31, { width: WIDTH / 2, align: "right", lineBreak: false });
    doc
      .moveTo(MARGIN.left, 52)
      .lineTo(PAGE.width - MARGIN.right, 52)
      .lineWidth(0.8)
      .strokeColor(COLOR.rule)
      .stroke();
    doc.restore();
    doc.font(REGULAR).fontSize(10).fillColor(COLOR.text);
    doc.x = MARGIN.left;
    doc.y = MARGIN.top;
  });
  doc.addPage();

  const bottom = () => PAGE.height - MARGIN.bottom;
  /** A new page unless `height` more points fit on this one. */
  const room = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage();
  };
  const heading = (text: string) => {
    room(60);
    doc.moveDown(0.8);
    const y = doc.y;
    doc.font(BOLD).fontSize(13).fillColor(COLOR.brand).text(text, MARGIN.left, y, { width: WIDTH });
    doc
      .moveTo(MARGIN.left, doc.y + 2)
      .lineTo(MARGIN.left + WIDTH, doc.y + 2)
      .lineWidth(0.6)
      .strokeColor(COLOR.rule)
      .stroke();
    doc.y += 10;
    doc.font(REGULAR).fontSize(10).fillColor(COLOR.text);
  };
  const paragraph = (text: string, options: { color?: string; size?: number } = {}) => {
    doc
      .font(REGULAR)
      .fontSize(options.size ?? 10)
      .fillColor(options.color ?? COLOR.text)
      .text(text, MARGIN.left, doc.y, { width: WIDTH, lineGap: 2 });
  };

  // Title.
  doc.font(BOLD).fontSize(20).fillColor(COLOR.text).text(model.title, MARGIN.left, doc.y, { width: WIDTH });
  doc.moveDown(0.2);
  paragraph(`${model.generated}  ·  ${t("times", { zone: model.zone })}`, { color: COLOR.muted, size: 9 });

  // Overview: label and value pairs, two pairs a row.
  heading(t("overview"));
  const labelWidth = 112;
  const valueWidth = WIDTH / 2 - labelWidth;
  const pad = 5;
  for (let i = 0; i < model.overview.length; i += 2) {
    const pairs = model.overview.slice(i, i + 2);
    doc.fontSize(9.5);
    const height =
      Math.max(
        ...pairs.flatMap(([label, value]) => [
          doc.font(BOLD).heightOfString(label, { width: labelWidth - 2 * pad }),
          doc.font(REGULAR).heightOfString(value || "—", { width: valueWidth - 2 * pad }),
        ]),
      ) +
      2 * pad;
    room(height);
    const y = doc.y;
    if ((i / 2) % 2 === 0) doc.rect(MARGIN.left, y, WIDTH, height).fill(COLOR.band);
    pairs.forEach(([label, value], j) => {
      const x = MARGIN.left + j * (WIDTH / 2);
      doc
        .font(BOLD)
        .fontSize(9.5)
        .fillColor(COLOR.muted)
        .text(label, x + pad, y + pad, { width: labelWidth - 2 * pad });
      doc
        .font(REGULAR)
        .fontSize(9.5)
        .fillColor(COLOR.text)
        .text(value || "—", x + labelWidth + pad, y + pad, { width: valueWidth - 2 * pad });
    });
    doc.y = y + height;
  }

  // Charts.
  heading(t("charts"));
  if (model.charts.length === 0) paragraph(t("chartsEmpty"), { color: COLOR.muted });
  for (const chart of model.charts) {
    room(chart.height + 24);
    doc.font(BOLD).fontSize(10).fillColor(COLOR.text).text(chart.title, MARGIN.left, doc.y, { width: WIDTH });
    const y = doc.y + 4;
    SVGtoPDF(doc, chart.svg, MARGIN.left, y, {
      width: WIDTH,
      height: chart.height,
      fontCallback: () => REGULAR,
      assumePt: true,
    });
    doc.x = MARGIN.left;
    doc.y = y + chart.height + 8;
  }
  if (model.chartsNote) paragraph(model.chartsNote, { color: COLOR.muted, size: 8.5 });

  // Faults: one row each, its suggested checks beneath it.
  heading(t("faults"));
  if (model.faults.length === 0) paragraph(t("faultsEmpty"), { color: COLOR.muted });
  else {
    const columns = [
      { key: "time", title: t("faultTime"), width: 98 },
      { key: "code", title: t("faultCode"), width: 50 },
      { key: "name", title: t("faultName"), width: 145 },
      { key: "unit", title: t("faultUnit"), width: 112 },
      { key: "repaired", title: t("faultRepaired"), width: WIDTH - 98 - 50 - 145 - 112 },
    ] as const;
    const header = () => {
      room(40);
      const y = doc.y;
      doc.rect(MARGIN.left, y, WIDTH, 18).fill(COLOR.brand);
      let x = MARGIN.left;
      for (const column of columns) {
        doc
          .font(BOLD)
          .fontSize(9)
          .fillColor("#ffffff")
          .text(column.title, x + pad, y + 4.5, { width: column.width - 2 * pad, lineBreak: false });
        x += column.width;
      }
      doc.y = y + 18;
    };
    header();
    for (const fault of model.faults) {
      doc.fontSize(9);
      const rowHeight =
        Math.max(
          ...columns.map((c) =>
            doc.font(c.key === "code" ? BOLD : REGULAR).heightOfString(fault[c.key], { width: c.width - 2 * pad }),
          ),
        ) +
        2 * pad;
      const checks = `${t("faultChecks")}${model.language === "zh" ? "：" : ": "}${fault.checks}`;
      const checksHeight =
        doc
          .font(REGULAR)
          .fontSize(8.5)
          .heightOfString(checks, { width: WIDTH - 4 * pad }) + pad;
      if (doc.y + rowHeight + checksHeight > bottom()) {
        doc.addPage();
        header();
      }
      const y = doc.y;
      let x = MARGIN.left;
      for (const column of columns) {
        doc
          .font(column.key === "code" ? BOLD : REGULAR)
          .fontSize(9)
          .fillColor(column.key === "code" ? COLOR.danger : COLOR.text)
          .text(fault[column.key], x + pad, y + pad, { width: column.width - 2 * pad });
        x += column.width;
      }
      doc
        .font(REGULAR)
        .fontSize(8.5)
        .fillColor(COLOR.muted)
        .text(checks, MARGIN.left + 2 * pad, y + rowHeight, { width: WIDTH - 4 * pad });
      const end = y + rowHeight + checksHeight;
      doc
        .moveTo(MARGIN.left, end)
        .lineTo(MARGIN.left + WIDTH, end)
        .lineWidth(0.5)
        .strokeColor(COLOR.rule)
        .stroke();
      doc.y = end;
    }
    if (model.faultsNote) {
      doc.moveDown(0.4);
      paragraph(model.faultsNote, { color: COLOR.muted, size: 8.5 });
    }
  }

  // Notes, then room to sign.
  heading(t("notes"));
  paragraph(model.notes || t("notesEmpty"), model.notes ? {} : { color: COLOR.muted });
  room(70);
  doc.y += 36;
  const signY = doc.y;
  for (const [i, key] of (["signature", "customerSignature"] as const).entries()) {
    const x = MARGIN.left + i * (WIDTH / 2 + 12);
    doc
      .moveTo(x, signY)
      .lineTo(x + WIDTH / 2 - 12, signY)
      .lineWidth(0.6)
      .strokeColor(COLOR.muted)
      .stroke();
    doc
      .font(REGULAR)
      .fontSize(8.5)
      .fillColor(COLOR.muted)
      .text(t(key), x, signY + 4, { width: WIDTH / 2 - 12 });
  }

  // Footers, once the page count is known; written below the bottom margin, so the margin is
  // lifted while they are, or PDFKit would start a new page for each.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    doc.page.margins.bottom = 0;
    const y = PAGE.height - 40;
    doc
      .moveTo(MARGIN.left, y - 8)
      .lineTo(PAGE.width - MARGIN.right, y - 8)
      .lineWidth(0.5)
      .strokeColor(COLOR.rule)
      .stroke();
    doc.font(REGULAR).fontSize(8).fillColor(COLOR.muted);
    doc.text(model.id, MARGIN.left, y, { width: WIDTH / 2, lineBreak: false });
    doc.text(t("page", { n: i + 1, of: range.count }), MARGIN.left + WIDTH / 2, y, {
      width: WIDTH / 2,
      align: "right",
      lineBreak: false,
    });
    doc.page.margins.bottom = MARGIN.bottom;
  }
  doc.end();
  return doc as unknown as Readable;
};
