import { randomUUID } from "node:crypto";
import type { LanguageCode } from "@vrf/contract/constants.ts";
import { BUS_COMMANDS } from "@vrf/contract/device/bus-frame.ts";
import { Errors } from "@vrf/contract/errors.ts";
import {
  REPORTS_PER_TASK_MAX,
  type TTaskReport,
  type ZCreateTaskReportRequest,
} from "@vrf/contract/hi-checker/task-reports.ts";
import type { z } from "zod";
import { AppError } from "../../app-error.ts";
import type { Clock } from "../../clock.ts";
import type { Download } from "../../plugins/download-route.ts";
import type { Scope } from "../scope/scope.service.ts";
import type { CheckerTaskRepository, CheckerTaskRow } from "./checker-tasks.repository.ts";
import { fileSafe } from "./task-data.service.ts";
import { commandText } from "./task-export-texts.ts";
import { categoryBarChart, type LineSeries, lineChart, timeBarChart } from "./task-report-charts.ts";
import { type ReportModel, renderReportPdf } from "./task-report-pdf.ts";
import { bucketText, durationText, reportText, statusText } from "./task-report-texts.ts";
import type { ReadingBucketRow, TaskReportRepository, TaskReportRow } from "./task-reports.repository.ts";

/** Points a chart gets at most, whatever the task's length: enough for a printed chart's width. */
const CHART_BUCKETS = 120;
/** Faults a report lists at most; it says how many there were besides. */
const FAULTS_MAX = 100;
/** Commands the per-command chart shows, the most frequent first. */
const COMMANDS_SHOWN = 10;
const CHART = { width: 499, height: 180 };

const toReport = (row: TaskReportRow): TTaskReport => ({
  id: row.id,
  taskId: row.task_id,
  title: row.title,
  notes: row.notes,
  language: row.language,
  createdBy: row.created_by_name ?? "",
  createdAt: row.created_at.toISOString(),
});

/** "UTC+08:00", "UTC-03:30", "UTC". */
const zoneName = (offsetMinutes: number) => {
  if (offsetMinutes === 0) return "UTC";
  const sign = offsetMinutes > 0 ? "+" : "-";
  const abs = Math.abs(offsetMinutes);
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
};

/**
 * Data reports of ended tasks, for the task's viewers only (checker-tasks.repository `find` holds
 * the scope rule). A report row keeps what the engineer wrote; the PDF is made on each download
 * from the task's data, which no longer changes once the task ended, read in bounded amounts
 * (task-reports.repository.ts).
 */
export const createTaskReportService = (deps: {
  tasks: CheckerTaskRepository;
  reports: TaskReportRepository;
  clock: Clock;
}) => {
  const { tasks, reports, clock } = deps;

  const taskOf = async (scope: Scope, id: string) => {
    const task = await tasks.find(scope, id);
    if (!task) throw new AppError(Errors.notFound);
    return task;
  };

  const model = async (task: CheckerTaskRow, report: TaskReportRow, offsetMinutes: number): Promise<ReportModel> => {
    const language: LanguageCode = report.language;
    const t = (key: Parameters<typeof reportText>[1], values?: Record<string, string | number>) =>
      reportText(language, key, values);
    const at = (date: Date) =>
      new Date(date.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 16).replace("T", " ");
    const from = task.started_at ?? task.created_at;
    const to = task.ended_at ?? clock.now();
    const period = { from, to, buckets: CHART_BUCKETS };
    const bucketS = Math.max(1, (to.getTime() - from.getTime()) / 1000 / CHART_BUCKETS);
    const bucketAt = (bucket: number) => from.getTime() + (bucket + 0.5) * bucketS * 1000;
    const axis = { from: from.getTime(), to: to.getTime(), offsetMinutes };
    const deviceId = Number(task.device_id);
    const started = task.started_at !== null;

    const [checker, faults] = await Promise.all([
      reports.checkerOf(deviceId),
      reports.faults(deviceId, period, language, FAULTS_MAX),
    ]);

    const charts: ReportModel["charts"] = [];
    let chartsNote: string | null = null;
    let gathered: string;
    if (task.kind === "collection") {
      const [buckets, count] = started
        ? await Promise.all([reports.readingBuckets(deviceId, period), reports.snapshotCount(deviceId, period)])
        : [[], 0];
      gathered = t("reports", { n: count.toLocaleString("en") });
      const series = (key: keyof Omit<ReadingBucketRow, "bucket">): [number, number | null][] =>
        buckets.map((b) => [bucketAt(b.bucket), b[key] === null ? null : Math.round((b[key] as number) * 100) / 100]);
      const line = (
        title: string,
        lines: (Omit<LineSeries, "points"> & { key: keyof Omit<ReadingBucketRow, "bucket"> })[],
      ) => {
        const withPoints = lines.map(({ key, ...rest }) => ({ ...rest, points: series(key) }));
        if (withPoints.every((s) => s.points.every(([, v]) => v === null))) return;
        charts.push({ title, svg: lineChart(CHART, withPoints, axis), height: CHART.height });
      };
      line(t("pressureChart"), [
        { key: "high_pressure_mpa", name: t("highPressure"), unit: "MPa" },
        { key: "low_pressure_mpa", name: t("lowPressure"), unit: "MPa" },
      ]);
      line(t("compressorChart"), [
        { key: "discharge_temp_c", name: `${t("discharge")} (°C)`, unit: "°C" },
        { key: "compressor_hz", name: `${t("compressor")} (Hz)`, unit: "Hz", axis: 1 },
      ]);
      line(t("roomChart"), [
        { key: "room_temp_c", name: t("room"), unit: "°C" },
        { key: "set_temp_c", name: t("setPoint"), unit: "°C", dashed: true },
      ]);
      if (charts.length > 0) chartsNote = t("chartsNote", { bucket: bucketText(language, bucketS) });
    } else {
      gathered = t("frames", { n: Number(task.frame_count).toLocaleString("en") });
      if (Number(task.frame_count) > 0) {
        const [buckets, commands] = await Promise.all([
          reports.frameBuckets(task.id, period),
          reports.frameCommands(task.id),
        ]);
        charts.push({
          title: t("framesChart", { bucket: bucketText(language, bucketS) }),
          svg: timeBarChart(
            CHART,
            t("framesSeries"),
            buckets.map((b) => [bucketAt(b.bucket), b.count]),
            axis,
          ),
          height: CHART.height,
        });
        const shown = commands.slice(0, COMMANDS_SHOWN);
        const barsHeight = Math.max(80, 28 + shown.length * 20);
        charts.push({
          title: t("commandsChart"),
          svg: categoryBarChart({ width: CHART.width, height: barsHeight }, t("framesSeries"), [
            ...shown.map((c) => ({
              label:
                c.command === null
                  ? t("unknownCommand")
                  : `0x${c.command.toString(16).padStart(2, "0")} ${commandText(BUS_COMMANDS[c.command], language)}`,
              value: c.count,
            })),
          ]),
          height: barsHeight,
        });
      }
    }

    const project = checker?.project_name ? `${checker.project_name} (${checker.project_code ?? ""})` : t("none");
    return {
      language,
      id: report.id,
      title: report.title || task.name,
      generated: t("generated", { at: at(clock.now()), who: report.created_by_name || t("none") }),
      zone: zoneName(offsetMinutes),
      overview: [
        [t("project"), project],
        [t("projectAddress"), checker?.project_address || t("none")],
        [t("checkerSerial"), checker?.serial_number ?? t("none")],
        [t("checkerCode"), task.device_code],
        [t("checkerAlias"), task.device_alias || t("none")],
        [t("firmware"), checker?.firmware || t("none")],
        [t("system"), checker?.system_number === null || !checker ? t("none") : String(checker.system_number)],
        [t("task"), task.name],
        [t("taskKind"), t(task.kind)],
        [t("status"), statusText(language, task.status, task.failure)],
        [t("period"), `${at(from)} – ${at(to)}`],
        [t("duration"), durationText(language, Math.max(0, (to.getTime() - from.getTime()) / 1000))],
        [t("interval"), durationText(language, task.interval_s)],
        [t("gathered"), gathered],
      ],
      charts,
      chartsNote,
      faults: faults.rows.map((f) => ({
        time: at(f.occurred_at),
        code: f.code,
        name: f.name ?? t("unknownFault"),
        unit: [
          f.system_number === null ? null : t("unitSystem", { n: f.system_number }),
          f.outdoor_address === null ? null : t("unitOutdoor", { n: f.outdoor_address }),
          f.indoor_address === null ? null : t("unitIndoor", { n: f.indoor_address }),
        ]
          .filter((part) => part !== null)
          .join(" · "),
        repaired: f.repaired_at ? at(f.repaired_at) : t("faultOpen"),
        checks: f.checks || t("none"),
      })),
      faultsNote:
        faults.total > faults.rows.length ? t("faultsMore", { shown: faults.rows.length, total: faults.total }) : null,
      notes: report.notes,
    };
  };

  return {
    async list(scope: Scope, taskId: string) {
      await taskOf(scope, taskId);
      const rows = await reports.listOfTask(taskId, REPORTS_PER_TASK_MAX);
      return { list: rows.map(toReport) };
    },

    async create(
      scope: Scope,
      accountId: number,
      input: z.output<typeof ZCreateTaskReportRequest>,
      language: LanguageCode,
    ): Promise<TTaskReport> {
      const task = await taskOf(scope, input.taskId);
      if (task.ended_at === null) throw new AppError(Errors.taskNotEnded);
      const id = randomUUID();
      const written = await reports.insertBelowLimit(
        {
          id,
          task_id: task.id,
          title: input.title,
          notes: input.notes,
          language,
          created_by: accountId,
          created_at: clock.now(),
        },
        REPORTS_PER_TASK_MAX,
      );
      if (!written) throw new AppError(Errors.taskReportLimit);
      const row = await reports.find(id);
      if (!row) throw new AppError(Errors.notFound);
      return toReport(row);
    },

    async download(scope: Scope, id: string, offsetMinutes: number): Promise<Download> {
      const report = await reports.find(id);
      if (!report) throw new AppError(Errors.notFound);
      const task = await taskOf(scope, report.task_id);
      const content = await model(task, report, offsetMinutes);
      const day = new Date(clock.now().getTime() + offsetMinutes * 60_000)
        .toISOString()
        .slice(0, 10)
        .replaceAll("-", "");
      return {
        filename: `${report.language === "zh" ? "数据报告" : "data-report"}-${fileSafe(report.title || task.name)}-${day}.pdf`,
        contentType: "application/pdf",
        body: await renderReportPdf(content),
        exported: { what: "taskReport", rows: content.faults.length },
      };
    },
  };
};

export type TaskReportService = ReturnType<typeof createTaskReportService>;
