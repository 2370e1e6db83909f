import type { TUnitHistory } from "@vrf/contract/devices/unit-history.ts";
import { Alert, Button, Empty, Flex, Spin, Typography } from "antd";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { useErrorText } from "../../../lib/error-text.ts";
import { sideOfHistory } from "../utils/unit-charts.ts";

const TaskUnitCharts = lazy(() => import("./task-unit-charts.tsx"));

function ChartsLoading() {
  return (
    <Flex justify="center" align="center" className="checker-tasks-charts-placeholder">
      <Spin />
    </Flex>
  );
}

interface UnitChartsPanelProps {
  history: {
    data: TUnitHistory | undefined;
    error: unknown;
    isError: boolean;
    isFetching: boolean;
    isPlaceholderData: boolean;
    refetch: () => unknown;
  };
  /** The task has not started yet: there is no period to draw. */
  notStarted: string | null;
}

/** The chosen unit's charts, or why there are none: the task has not started, no reports, a failed load. */
export function UnitChartsPanel({ history, notStarted }: UnitChartsPanelProps) {
  const { t } = useTranslation(["checkerTasks", "common"]);
  const errorText = useErrorText();
  const data = history.data;
  if (notStarted !== null) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={notStarted} />;
  if (history.isError && !data) {
    return (
      <Alert
        type="error"
        showIcon
        title={t("data.chartsFailed")}
        description={errorText(history.error)}
        action={
          <Button size="small" onClick={() => void history.refetch()}>
            {t("common:actions.retry")}
          </Button>
        }
      />
    );
  }
  if (!data) return <ChartsLoading />;
  const waiting = history.isFetching && history.isPlaceholderData;
  if (data.points.length === 0) {
    return (
      <Spin spinning={waiting}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("data.chartsEmpty")} />
      </Spin>
    );
  }
  const minutes = Math.round(data.bucketSeconds / 60);
  return (
    <Spin spinning={waiting}>
      {minutes >= 1 ? (
        <Typography.Paragraph type="secondary" className="checker-tasks-charts-note">
          {t("data.averaged", { minutes })}
        </Typography.Paragraph>
      ) : null}
      <Suspense fallback={<ChartsLoading />}>
        <TaskUnitCharts side={sideOfHistory(data)} history={data} />
      </Suspense>
    </Spin>
  );
}
