import type { LanguageCode } from "@vrf/contract/constants.ts";
import type { TASK_FAILURES, TTaskStatus } from "@vrf/contract/hi-checker/tasks.ts";

type TTaskFailure = (typeof TASK_FAILURES)[number];

/**
 * The words of a task's data report (PDF) in both languages: the report is made on the server in
 * the language of the request that created it, as the task exports are (task-export-texts.ts).
 */
const EN = {
  product: "VRF Cloud · Hi-Checker",
  document: "Data report",
  generated: "Generated {at} by {who}",
  times: "Times are {zone}.",
  overview: "Overview",
  project: "Project",
  projectAddress: "Site address",
  system: "System",
  checkerSerial: "Checker serial number",
  checkerCode: "Checker device ID",
  checkerAlias: "Checker alias",
  firmware: "Checker firmware",
  task: "Task",
  taskKind: "Task kind",
  status: "Result",
  period: "Period",
  duration: "Duration",
  interval: "Interval",
  gathered: "Gathered",
  frames: "{n} bus frames",
  reports: "{n} unit data reports",
  none: "—",
  charts: "Charts over the period",
  chartsEmpty: "The task gathered nothing to chart.",
  pressureChart: "Outdoor unit pressures",
  highPressure: "High pressure",
  lowPressure: "Low pressure",
  compressorChart: "Discharge temperature and compressor frequency",
  discharge: "Discharge temperature",
  compressor: "Compressor frequency",
  roomChart: "Indoor room temperature and set point (mean of the indoor units)",
  room: "Room temperature",
  setPoint: "Set point",
  framesChart: "Bus frames per {bucket}",
  framesSeries: "Frames",
  commandsChart: "Bus frames per command",
  chartsNote: "Each point is the mean over {bucket} (first outdoor unit; mean of the indoor units).",
  faults: "Faults during the period",
  faultsEmpty: "The checker reported no faults during the period.",
  faultsMore: "Showing the first {shown} of {total} faults.",
  faultTime: "Raised",
  faultCode: "Code",
  faultName: "Fault",
  faultUnit: "Unit",
  faultRepaired: "Repaired",
  faultOpen: "Not repaired",
  faultChecks: "Suggested checks",
  unknownFault: "Not in the fault catalogue",
  notes: "Engineer's notes",
  notesEmpty: "No notes.",
  page: "Page {n} of {of}",
  signature: "Engineer's signature",
  customerSignature: "Customer's signature",
  unitSystem: "System {n}",
  unitOutdoor: "Outdoor {n}",
  unitIndoor: "Indoor {n}",
  capture: "Message capture",
  collection: "Data collection",
  second: "{n} s",
  minute: "{n} min",
  hour: "{n} h",
  day: "{n} d",
  bucketSecond: "{n} seconds",
  bucketMinute: "{n} minutes",
  bucketHour: "{n} hours",
  unknownCommand: "Not a bus frame",
} as const;

type ReportText = keyof typeof EN;

const ZH: Record<ReportText, string> = {
  product: "VRF Cloud · Hi-Checker",
  document: "数据报告",
  generated: "{who} 生成于 {at}",
  times: "时间均为 {zone}。",
  overview: "概况",
  project: "项目",
  projectAddress: "现场地址",
  system: "系统",
  checkerSerial: "检测仪序列号",
  checkerCode: "检测仪设备 ID",
  checkerAlias: "检测仪别名",
  firmware: "检测仪固件",
  task: "任务",
  taskKind: "任务类型",
  status: "结果",
  period: "时间段",
  duration: "时长",
  interval: "间隔",
  gathered: "采集量",
  frames: "{n} 条总线报文",
  reports: "{n} 条机组数据",
  none: "—",
  charts: "时间段内的曲线",
  chartsEmpty: "该任务没有可绘制的数据。",
  pressureChart: "外机压力",
  highPressure: "高压",
  lowPressure: "低压",
  compressorChart: "排气温度与压缩机频率",
  discharge: "排气温度",
  compressor: "压缩机频率",
  roomChart: "室内温度与设定温度（各内机平均）",
  room: "室内温度",
  setPoint: "设定温度",
  framesChart: "每 {bucket} 的总线报文数",
  framesSeries: "报文数",
  commandsChart: "各命令的总线报文数",
  chartsNote: "每个点为 {bucket} 内的平均值（第一台外机；各内机平均）。",
  faults: "时间段内的故障",
  faultsEmpty: "该时间段内检测仪未上报故障。",
  faultsMore: "仅列出 {total} 条故障中的前 {shown} 条。",
  faultTime: "发生时间",
  faultCode: "故障码",
  faultName: "故障",
  faultUnit: "机组",
  faultRepaired: "修复时间",
  faultOpen: "未修复",
  faultChecks: "建议检查",
  unknownFault: "不在故障码库中",
  notes: "工程师备注",
  notesEmpty: "无备注。",
  page: "第 {n} 页，共 {of} 页",
  signature: "工程师签字",
  customerSignature: "客户签字",
  unitSystem: "系统 {n}",
  unitOutdoor: "外机 {n}",
  unitIndoor: "内机 {n}",
  capture: "报文抓取",
  collection: "数据采集",
  second: "{n} 秒",
  minute: "{n} 分钟",
  hour: "{n} 小时",
  day: "{n} 天",
  bucketSecond: "{n} 秒",
  bucketMinute: "{n} 分钟",
  bucketHour: "{n} 小时",
  unknownCommand: "非总线报文",
};

const TEXTS: Record<LanguageCode, Record<ReportText, string>> = { en: EN, zh: ZH };

const STATUSES: Record<LanguageCode, Record<TTaskStatus, string>> = {
  en: {
    starting: "Starting",
    running: "Running",
    stopping: "Stopping",
    finished: "Finished",
    stopped: "Stopped",
    failed: "Failed",
  },
  zh: {
    starting: "启动中",
    running: "运行中",
    stopping: "停止中",
    finished: "已完成",
    stopped: "已停止",
    failed: "失败",
  },
};

const FAILURES: Record<LanguageCode, Record<TTaskFailure, string>> = {
  en: {
    rejected: "the checker refused the task",
    timedOut: "the checker did not answer",
    brokerUnavailable: "the device link was unavailable",
  },
  zh: { rejected: "检测仪拒绝了任务", timedOut: "检测仪未应答", brokerUnavailable: "设备连接不可用" },
};

/** A report text with its `{name}` places filled. */
export const reportText = (
  language: LanguageCode,
  key: ReportText,
  values: Record<string, string | number> = {},
): string => TEXTS[language][key].replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ""));

export const statusText = (language: LanguageCode, status: TTaskStatus, failure: TTaskFailure | null): string =>
  failure && status === "failed"
    ? `${STATUSES[language][status]}${language === "zh" ? "：" : ": "}${FAILURES[language][failure]}`
    : STATUSES[language][status];

/** "2 h 5 min", "2 小时 5 分钟": the two largest parts of a length of time. */
export const durationText = (language: LanguageCode, seconds: number): string => {
  const parts: [ReportText, number][] = [
    ["day", Math.floor(seconds / 86_400)],
    ["hour", Math.floor((seconds % 86_400) / 3_600)],
    ["minute", Math.floor((seconds % 3_600) / 60)],
    ["second", Math.floor(seconds % 60)],
  ];
  const first = parts.findIndex(([, n]) => n > 0);
  if (first === -1) return reportText(language, "second", { n: 0 });
  return parts
    .slice(first, first + 2)
    .filter(([, n]) => n > 0)
    .map(([key, n]) => reportText(language, key, { n }))
    .join(" ");
};

/** A chart bucket's width in words: "5 minutes", "5 分钟". */
export const bucketText = (language: LanguageCode, seconds: number): string => {
  if (seconds < 120) return reportText(language, "bucketSecond", { n: Math.round(seconds) });
  if (seconds < 7_200) return reportText(language, "bucketMinute", { n: Math.round(seconds / 60) });
  return reportText(language, "bucketHour", { n: Math.round(seconds / 360) / 10 });
};
