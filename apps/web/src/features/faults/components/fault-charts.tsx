import type { TFaultStats } from "@vrf/contract/faults/fault-stats.ts";
import { Button, Card, Col, Empty, Result, Row, Skeleton, Typography } from "antd";
import type { EChartsCoreOption } from "echarts/core";
import { type ReactNode, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { EChart } from "../../../components/echart.tsx";
import { useErrorText } from "../../../lib/error-text.ts";
import { useIsNarrow } from "../hooks/use-is-narrow.ts";
import { codeChartOption, dayChartOption, horizontalCodeChartHeight } from "../utils/chart-options.ts";

interface FaultChartsProps {
  stats: TFaultStats | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  onCodeClick: (code: string) => void;
}

/** Faults by code and by day, under the same filters as the table. */
export function FaultCharts({ stats, loading, error, onRetry, onCodeClick }: FaultChartsProps) {
  const { t } = useTranslation("faults");
  const errorText = useErrorText();
  const narrow = useIsNarrow();
  const height = narrow ? 240 : 300;
  const labels = useMemo(() => ({ repaired: t("states.repaired"), open: t("states.open") }), [t]);
  const byCode = useMemo(
    () => (stats ? codeChartOption(stats.byCode, labels, { horizontal: narrow }) : null),
    [stats, labels, narrow],
  );
  const codeHeight = narrow && stats ? horizontalCodeChartHeight(stats.byCode.length) : height;
  const byDay = useMemo(() => (stats ? dayChartOption(stats.byDay, labels) : null), [stats, labels]);

  const body = (
    option: EChartsCoreOption | null,
    label: string,
    chartHeight: number,
    onClick?: (index: number) => void,
  ) => {
    if (error && !stats) {
      return (
        <Result
          status="warning"
          title={t("charts.loadFailed")}
          subTitle={errorText(error)}
          extra={<Button onClick={onRetry}>{t("actions.retry")}</Button>}
          className="faults-chart-result"
        />
      );
    }
    if (!option || !stats) return <Skeleton.Node active style={{ width: "100%", height }} />;
    if (stats.total === 0) {
      return (
        <ChartPlaceholder height={height}>
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("charts.empty")} />
        </ChartPlaceholder>
      );
    }
    return (
      <EChart
        option={option}
        height={chartHeight}
        ariaLabel={label}
        onClick={onClick ? (event) => onClick(event.dataIndex) : undefined}
        className={loading ? "faults-chart faults-chart-refreshing" : "faults-chart"}
      />
    );
  };

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <Card
          variant="borderless"
          title={t("charts.byCode")}
          extra={
            <Typography.Text type="secondary" className="faults-chart-hint">
              {t("charts.byCodeHint")}
            </Typography.Text>
          }
          className="faults-chart-card"
        >
          {body(byCode, t("charts.byCodeLabel"), codeHeight, (index) => {
            const code = stats?.byCode[index]?.code;
            if (code) onCodeClick(code);
          })}
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card variant="borderless" title={t("charts.byDay")} className="faults-chart-card">
          {body(byDay, t("charts.byDayLabel"), height)}
        </Card>
      </Col>
    </Row>
  );
}

function ChartPlaceholder({ height, children }: { height: number; children: ReactNode }) {
  return <div style={{ height, display: "flex", alignItems: "center", justifyContent: "center" }}>{children}</div>;
}
