import type { TCheckerDashboard } from "@vrf/contract/hi-checker/dashboard.ts";
import type { TTaskKind } from "@vrf/contract/hi-checker/tasks.ts";
import { axisByteUnit, type ByteUnit } from "./figures.ts";

type Day = TCheckerDashboard["tasksPerDay"][number];

/** The dashboards' palette: the theme's teal and amber for the two kinds, blue for the bytes. */
export const CHART_COLORS = {
  capture: "#2BC6C2",
  collection: "#FAAD14",
  gathered: "#3B7DDD",
  axis: "#8C8C8C",
  grid: "#F0F0F0",
  line: "#D9D9D9",
} as const;

const BAR_MAX_WIDTH = 18;

/** An axis-tooltip entry as ECharts hands it to a formatter. */
interface TooltipItem {
  dataIndex: number;
  marker: string;
  seriesName: string;
}

export const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string,
  );

/** The days under the bars, written MM-DD (the tooltip names the whole day). */
const dayAxis = (days: readonly Day[]) => ({
  type: "category",
  data: days.map((d) => d.day),
  axisLine: { lineStyle: { color: CHART_COLORS.line } },
  axisTick: { show: false },
  axisLabel: { color: CHART_COLORS.axis, fontSize: 11, formatter: (day: string) => day.slice(5) },
});

const valueAxis = {
  type: "value",
  splitLine: { lineStyle: { color: CHART_COLORS.grid } },
  axisLabel: { color: CHART_COLORS.axis },
};

// No animation: the figures move live (device and task events), and bars growing again from
// nothing on every refresh would draw the eye for no reason.
const common = { animation: false, grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true } };

export interface TaskChartTexts {
  capture: string;
  collection: string;
  total: string;
}

/** The series of the tasks chart, in the order of their kinds. */
const KIND_ORDER: readonly TTaskKind[] = ["capture", "collection"];

/** Tasks started per day, message captures and data collections stacked. */
export const tasksChartOption = (days: readonly Day[], texts: TaskChartTexts) => ({
  ...common,
  legend: { top: 0, right: 0, itemWidth: 12, itemHeight: 12, data: KIND_ORDER.map((kind) => texts[kind]) },
  tooltip: {
    trigger: "axis",
    axisPointer: { type: "shadow" },
    formatter: (items: TooltipItem[]) => {
      const day = days[items[0]?.dataIndex ?? -1];
      if (!day) return "";
      return [
        `<b>${day.day}</b>`,
        ...items.map((item) => {
          const kind = kindOfSeries(item.seriesName, texts);
          return `${item.marker}${escapeHtml(item.seriesName)}: ${kind ? day[kind] : 0}`;
        }),
        `${escapeHtml(texts.total)}: ${day.capture + day.collection}`,
      ].join("<br/>");
    },
  },
  xAxis: dayAxis(days),
  yAxis: { ...valueAxis, minInterval: 1 },
  series: KIND_ORDER.map((kind, index) => ({
    name: texts[kind],
    type: "bar",
    stack: "tasks",
    data: days.map((d) => d[kind]),
    barMaxWidth: BAR_MAX_WIDTH,
    itemStyle: {
      color: CHART_COLORS[kind],
      ...(index === KIND_ORDER.length - 1 ? { borderRadius: [3, 3, 0, 0] } : {}),
    },
    emphasis: { focus: "series" },
  })),
});

/** The kind a series of the tasks chart counts, by its name (what a click on a bar reports). */
export const kindOfSeries = (seriesName: string | undefined, texts: TaskChartTexts): TTaskKind | undefined =>
  KIND_ORDER.find((kind) => texts[kind] === seriesName);

export interface GatheredChartTexts {
  series: string;
  /** The unit's name over the value axis ("MB"). */
  unit: (unit: ByteUnit) => string;
  /** An amount of bytes as the tooltip writes it ("1.5 MB"). */
  amount: (bytes: number) => string;
}

/**
 * The bytes the tasks started each day gathered: the value axis counts in the unit the largest
 * day reaches (whole steps of MB, say), the tooltip gives each day's amount in its own unit.
 */
export const gatheredChartOption = (days: readonly Day[], texts: GatheredChartTexts) => {
  const { unit, divisor } = axisByteUnit(Math.max(0, ...days.map((d) => d.gatheredBytes)));
  return {
    ...common,
    tooltip: {
      trigger: "axis",
      axisPointer: { type: "shadow" },
      formatter: (items: TooltipItem[]) => {
        const item = items[0];
        const day = days[item?.dataIndex ?? -1];
        if (!item || !day) return "";
        return `<b>${day.day}</b><br/>${item.marker}${escapeHtml(texts.series)}: ${escapeHtml(texts.amount(day.gatheredBytes))}`;
      },
    },
    xAxis: dayAxis(days),
    yAxis: {
      ...valueAxis,
      name: texts.unit(unit),
      nameTextStyle: { color: CHART_COLORS.axis, align: "left" },
      ...(unit === "b" ? { minInterval: 1 } : {}),
    },
    series: [
      {
        name: texts.series,
        type: "bar",
        data: days.map((d) => Math.round((d.gatheredBytes / divisor) * 100) / 100),
        barMaxWidth: BAR_MAX_WIDTH,
        itemStyle: { color: CHART_COLORS.gathered, borderRadius: [3, 3, 0, 0] },
        emphasis: { focus: "series" },
      },
    ],
  };
};

/** Whether any day has a task: without one, the charts give way to a line saying so. */
export const hasTasks = (days: readonly Day[]): boolean => days.some((d) => d.capture + d.collection > 0);
