const THEME = "#2BC6C2";

/**
 * A bar per day with the 30-day average as a dashed line, so a bad day stands out: the props of
 * components/light-bar-chart.tsx (the dashboard draws it without ECharts).
 */
export const trendOption = (
  days: readonly { day: string; total: number }[],
  names: { series: string; average: string },
) => {
  const average = days.length ? days.reduce((sum, d) => sum + d.total, 0) / days.length : 0;
  return {
    categories: days.map((d) => d.day),
    values: days.map((d) => d.total),
    seriesName: names.series,
    reference: { name: names.average, value: Math.round(average * 10) / 10 },
    axisLabel: (day: string) => day.slice(5),
    colors: { bar: THEME, barHover: "#1EA7A3", reference: "#FAAD14" },
  };
};
