import * as echarts from "echarts";

/**
 * The data report's charts, drawn by echarts on the server as SVG (no canvas, no browser) and
 * placed in the PDF as vectors (task-report-pdf.ts). Only what a printed page needs: no
 * animation, no interaction, the report's font and a palette that stays apart in grey print.
 */
export const CHART_FONT = "report";
const PALETTE = ["#1f5fa8", "#d9822b", "#2e9e6a", "#b23a48"];
const AXIS = "#8a94a6";
const GRID_LINE = "#e3e7ee";

export interface LineSeries {
  name: string;
  unit: string;
  /** [epoch ms, value] points, null for a gap. */
  points: [number, number | null][];
  /** 1: the right-hand axis (a second unit in one chart). */
  axis?: 0 | 1;
  dashed?: boolean;
}

export interface ChartSize {
  width: number;
  height: number;
}

const render = (size: ChartSize, option: echarts.EChartsOption): string => {
  const chart = echarts.init(null, null, { renderer: "svg", ssr: true, width: size.width, height: size.height });
  try {
    chart.setOption({
      animation: false,
      color: PALETTE,
      textStyle: { fontFamily: CHART_FONT, fontSize: 10, color: "#334155" },
      ...option,
    });
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
};

const valueAxis = (name: string, position: "left" | "right", show: boolean) => ({
  type: "value" as const,
  name,
  position,
  show,
  scale: true,
  // A flat line (a set point) stays off the axis.
  boundaryGap: ["8%", "8%"] as [string, string],
  nameTextStyle: { color: AXIS, fontSize: 9 },
  axisLabel: { color: AXIS, fontSize: 9 },
  axisLine: { show: false },
  splitLine: { show: position === "left", lineStyle: { color: GRID_LINE } },
});

/** Times on the axis in the report's zone (`offsetMinutes` east of UTC), as precise as the span needs. */
const timeLabel = (offsetMinutes: number, spanMs: number) => (value: number) => {
  const local = new Date(value + offsetMinutes * 60_000).toISOString();
  if (spanMs > 2 * 86_400_000) return local.slice(5, 10);
  if (spanMs > 86_400_000) return local.slice(5, 16).replace("T", " ");
  return spanMs > 10 * 60_000 ? local.slice(11, 16) : local.slice(11, 19);
};

/** A time chart of one or two units: each series a line, the right axis for `axis: 1`. */
export const lineChart = (
  size: ChartSize,
  series: LineSeries[],
  period: { from: number; to: number; offsetMinutes: number },
): string => {
  const units = [series.find((s) => (s.axis ?? 0) === 0)?.unit ?? "", series.find((s) => s.axis === 1)?.unit ?? ""];
  return render(size, {
    grid: { left: 48, right: units[1] ? 52 : 20, top: 34, bottom: 28 },
    legend: { top: 0, left: "center", itemWidth: 16, itemHeight: 8, textStyle: { fontSize: 10 } },
    xAxis: {
      type: "time",
      min: period.from,
      max: period.to,
      axisLabel: {
        color: AXIS,
        fontSize: 9,
        hideOverlap: true,
        formatter: timeLabel(period.offsetMinutes, period.to - period.from),
      },
      axisLine: { lineStyle: { color: AXIS } },
      splitLine: { show: false },
    },
    yAxis: [valueAxis(units[0] ?? "", "left", true), valueAxis(units[1] ?? "", "right", Boolean(units[1]))],
    series: series.map((s) => ({
      name: s.name,
      type: "line",
      yAxisIndex: s.axis ?? 0,
      showSymbol: s.points.length < 30,
      symbolSize: 4,
      connectNulls: false,
      lineStyle: { width: 1.6, ...(s.dashed ? { type: "dashed" as const } : {}) },
      data: s.points,
    })),
  });
};

/** Counts per time bucket, as bars. */
export const timeBarChart = (
  size: ChartSize,
  name: string,
  points: [number, number][],
  period: { from: number; to: number; offsetMinutes: number },
): string =>
  render(size, {
    grid: { left: 56, right: 20, top: 16, bottom: 28 },
    xAxis: {
      type: "time",
      min: period.from,
      max: period.to,
      axisLabel: {
        color: AXIS,
        fontSize: 9,
        hideOverlap: true,
        formatter: timeLabel(period.offsetMinutes, period.to - period.from),
      },
      axisLine: { lineStyle: { color: AXIS } },
    },
    // Counts start at zero: a bar's length is its count.
    yAxis: { ...valueAxis("", "left", true), scale: false, boundaryGap: [0, "8%"] as [number, string] },
    series: [{ name, type: "bar", barMaxWidth: 14, data: points }],
  });

/** Counts per category, as horizontal bars, largest on top. */
export const categoryBarChart = (size: ChartSize, name: string, bars: { label: string; value: number }[]): string =>
  render(size, {
    grid: { left: 150, right: 48, top: 8, bottom: 20 },
    xAxis: { type: "value", axisLabel: { color: AXIS, fontSize: 9 }, splitLine: { lineStyle: { color: GRID_LINE } } },
    yAxis: {
      type: "category",
      inverse: true,
      data: bars.map((b) => b.label),
      axisLabel: { color: "#334155", fontSize: 9 },
      axisLine: { lineStyle: { color: AXIS } },
    },
    series: [
      {
        name,
        type: "bar",
        barMaxWidth: 12,
        label: { show: true, position: "right", fontSize: 9, color: "#334155" },
        data: bars.map((b) => b.value),
      },
    ],
  });
