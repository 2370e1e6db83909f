const THEME = "#2BC6C2";

/** A bar per day with the 30-day average as a dashed line, so a bad day stands out. */
export const trendOption = (
  days: readonly { day: string; total: number }[],
  names: { series: string; average: string },
) => {
  const average = days.length ? days.reduce((sum, d) => sum + d.total, 0) / days.length : 0;
  return {
    grid: { left: 8, right: 12, top: 16, bottom: 8, containLabel: true },
    tooltip: { trigger: "axis", axisPointer: { type: "shadow" } },
    xAxis: {
      type: "category",
      data: days.map((d) => d.day),
      axisTick: { show: false },
      axisLine: { lineStyle: { color: "#D9D9D9" } },
      axisLabel: { color: "#8C8C8C", fontSize: 11, formatter: (day: string) => day.slice(5) },
    },
    yAxis: {
      type: "value",
      minInterval: 1,
      splitLine: { lineStyle: { color: "#F0F0F0" } },
      axisLabel: { color: "#8C8C8C" },
    },
    series: [
      {
        name: names.series,
        type: "bar",
        data: days.map((d) => d.total),
        barMaxWidth: 18,
        itemStyle: { color: THEME, borderRadius: [3, 3, 0, 0] },
        emphasis: { itemStyle: { color: "#1EA7A3" } },
      },
      {
        name: names.average,
        type: "line",
        data: days.map(() => Math.round(average * 10) / 10),
        symbol: "none",
        silent: true,
        lineStyle: { type: "dashed", color: "#FAAD14", width: 1 },
      },
    ],
  };
};
