import type { TFaultCodeCount, TFaultDayCount } from "@vrf/contract/faults/fault-stats.ts";

export const CHART_COLORS = { repaired: "#2BC6C2", open: "#FF6B57", axis: "#8C8C8C", grid: "#F0F0F0" } as const;

export interface SeriesLabels {
  repaired: string;
  open: string;
}

/** Days shown at once before the chart offers a zoom slider. */
const DAYS_WITHOUT_ZOOM = 45;

const axisStyle = {
  axisLine: { lineStyle: { color: "#D9D9D9" } },
  axisTick: { show: false },
  axisLabel: { color: CHART_COLORS.axis },
};

const valueAxis = {
  type: "value",
  minInterval: 1,
  splitLine: { lineStyle: { color: CHART_COLORS.grid } },
  axisLabel: { color: CHART_COLORS.axis },
};

const stacked = (labels: SeriesLabels, repaired: number[], open: number[], barMaxWidth: number) => [
  {
    name: labels.repaired,
    type: "bar",
    stack: "faults",
    data: repaired,
    barMaxWidth,
    itemStyle: { color: CHART_COLORS.repaired },
    emphasis: { focus: "series" },
  },
  {
    name: labels.open,
    type: "bar",
    stack: "faults",
    data: open,
    barMaxWidth,
    itemStyle: { color: CHART_COLORS.open, borderRadius: [3, 3, 0, 0] },
    emphasis: { focus: "series" },
  },
];

/** Height of a horizontal code chart: a readable row per code. */
export const horizontalCodeChartHeight = (codes: number): number => Math.max(240, codes * 22 + 60);

/**
 * Faults per code, repaired and open stacked; the tooltip names the code. On
 * phones the bars lie down (`horizontal`) so every code label stays readable.
 */
export const codeChartOption = (
  byCode: readonly TFaultCodeCount[],
  labels: SeriesLabels,
  { horizontal = false }: { horizontal?: boolean } = {},
) => {
  const categoryAxis = {
    type: "category",
    data: byCode.map((c) => c.code),
    ...axisStyle,
    axisLabel: horizontal
      ? { color: CHART_COLORS.axis, interval: 0, fontSize: 11 }
      : { color: CHART_COLORS.axis, interval: 0, rotate: byCode.length > 12 ? 45 : 0, fontSize: 11 },
    // Most frequent at the top when the bars lie down.
    inverse: horizontal,
  };
  return {
    grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
    legend: { top: 0, right: 0, itemWidth: 12, itemHeight: 12, data: [labels.repaired, labels.open] },
    tooltip: {
      trigger: "axis",
      axisPointer: { type: "shadow" },
      formatter: (items: { dataIndex: number; marker: string; seriesName: string; value: number }[]) => {
        const entry = byCode[items[0]?.dataIndex ?? 0];
        if (!entry) return "";
        const title = entry.name ? `${entry.code} · ${escapeHtml(entry.name)}` : entry.code;
        return [`<b>${title}</b>`, ...items.map((i) => `${i.marker}${escapeHtml(i.seriesName)}: ${i.value}`)].join(
          "<br/>",
        );
      },
    },
    xAxis: horizontal ? valueAxis : categoryAxis,
    yAxis: horizontal ? categoryAxis : valueAxis,
    series: stacked(
      labels,
      byCode.map((c) => c.total - c.open),
      byCode.map((c) => c.open),
      horizontal ? 14 : 28,
    ),
  };
};

/** Faults per day, repaired and open stacked; a zoom slider once the range is long. */
export const dayChartOption = (byDay: readonly TFaultDayCount[], labels: SeriesLabels) => {
  const zoom = byDay.length > DAYS_WITHOUT_ZOOM;
  return {
    grid: { left: 8, right: 16, top: 36, bottom: zoom ? 44 : 8, containLabel: true },
    legend: { top: 0, right: 0, itemWidth: 12, itemHeight: 12, data: [labels.repaired, labels.open] },
    tooltip: { trigger: "axis", axisPointer: { type: "shadow" } },
    xAxis: {
      type: "category",
      data: byDay.map((d) => d.day),
      ...axisStyle,
      axisLabel: { color: CHART_COLORS.axis, fontSize: 11, formatter: (day: string) => day.slice(5) },
    },
    yAxis: valueAxis,
    dataZoom: zoom
      ? [
          {
            type: "slider",
            height: 18,
            bottom: 8,
            startValue: byDay.length - DAYS_WITHOUT_ZOOM,
            endValue: byDay.length - 1,
            brushSelect: false,
          },
          { type: "inside" },
        ]
      : [],
    series: stacked(
      labels,
      byDay.map((d) => d.total - d.open),
      byDay.map((d) => d.open),
      18,
    ),
  };
};

export const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string,
  );
