import type { TUnitHistory } from "@vrf/contract/devices/unit-history.ts";
import { Typography } from "antd";
import type { EChartsCoreOption } from "echarts/core";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { EChart } from "../../../components/echart.tsx";
import { historyChartOption, INDOOR_CHARTS, OUTDOOR_CHARTS } from "../utils/history-charts.ts";

/**
 * A unit's history as line charts. Loaded on its own (React.lazy in unit-history.tsx), so
 * ECharts is fetched when a unit's history is first shown, never with the lists.
 */
export default function UnitHistoryCharts({ kind, history }: { kind: "outdoor" | "indoor"; history: TUnitHistory }) {
  const { t } = useTranslation("devices");
  const charts = useMemo(
    () =>
      (kind === "indoor" ? INDOOR_CHARTS : OUTDOOR_CHARTS).map((spec) => ({
        key: spec.key,
        title: t(`history.charts.${spec.key}`),
        option: historyChartOption(spec, history, {
          series: (field) => t(`history.series.${field}`),
          axis: (unit) => t(`history.axis.${unit}`),
        }) as EChartsCoreOption,
      })),
    [kind, history, t],
  );
  return (
    <div className="devices-history-charts">
      {charts.map((chart) => (
        <section key={chart.key} className="devices-history-chart">
          <Typography.Text strong>{chart.title}</Typography.Text>
          <EChart option={chart.option} height={220} ariaLabel={t("history.chartLabel", { title: chart.title })} />
        </section>
      ))}
    </div>
  );
}
