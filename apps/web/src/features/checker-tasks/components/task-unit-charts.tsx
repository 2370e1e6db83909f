import type { TUnitHistory } from "@vrf/contract/devices/unit-history.ts";
import { Typography } from "antd";
import type { EChartsCoreOption } from "echarts/core";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { EChart } from "../../../components/echart.tsx";
import type { UnitSide } from "../utils/readings.ts";
import { UNIT_CHARTS, unitChartOption } from "../utils/unit-charts.ts";

/**
 * A unit's charts over a collection task's period. Loaded on its own (React.lazy in
 * unit-charts-panel.tsx), so ECharts is fetched when the data page first shows them.
 */
export default function TaskUnitCharts({ side, history }: { side: UnitSide; history: TUnitHistory }) {
  const { t } = useTranslation("checkerTasks");
  const charts = useMemo(
    () =>
      UNIT_CHARTS[side].map((spec) => ({
        key: spec.key,
        title: t(`data.charts.${spec.key}`),
        option: unitChartOption(spec, history, {
          series: (field) => t(`data.series.${field}`),
          axis: (unit) => t(`data.axis.${unit}`),
        }) as EChartsCoreOption,
      })),
    [side, history, t],
  );
  return (
    <div className="checker-tasks-charts">
      {charts.map((chart) => (
        <section key={chart.key} className="checker-tasks-chart">
          <Typography.Text strong>{chart.title}</Typography.Text>
          <EChart option={chart.option} height={220} ariaLabel={t("data.chartLabel", { title: chart.title })} />
        </section>
      ))}
    </div>
  );
}
