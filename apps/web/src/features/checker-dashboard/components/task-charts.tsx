import { DASHBOARD_DAYS, type TCheckerDashboard } from "@vrf/contract/hi-checker/dashboard.ts";
import type { EChartsCoreOption } from "echarts/core";
import { lazy, type ReactNode, Suspense, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { DashboardCard } from "../../../components/dashboard/dashboard-card.tsx";
import { gatheredChartOption, hasTasks, kindOfSeries, tasksChartOption } from "../utils/chart-options.ts";
import { historyDayPath } from "../utils/dashboard-links.ts";
import { byteAmount } from "../utils/figures.ts";

// ECharts comes with the chart, after the figures: never in the module's first load.
const DayChart = lazy(() => import("./day-chart.tsx"));
// Rare (a month without tasks): antd's Empty is not worth a place in the page's own chunk.
const SimpleEmpty = lazy(() => import("../../../components/simple-empty.tsx"));

type Days = TCheckerDashboard["tasksPerDay"];

/** A card with nothing to draw says so in less room than a chart takes. */
const EMPTY_HEIGHT = 200;

/** The chart's place while ECharts loads, and the line said in its place when there is nothing to draw. */
function ChartArea({ height, children }: { height: number; children?: ReactNode }) {
  return (
    <div className="checker-dash-chart-area" style={{ height }}>
      {children}
    </div>
  );
}

function ChartCard({
  title,
  hint,
  empty,
  height,
  chart,
}: {
  title: string;
  hint?: string;
  empty: string | null;
  height: number;
  chart: ReactNode;
}) {
  const { t } = useTranslation("checkerDashboard");
  return (
    <DashboardCard
      title={
        <span>
          {title} <span className="dashboard-card-sub">{t("lastDays", { days: DASHBOARD_DAYS })}</span>
        </span>
      }
      extra={hint && !empty ? <span className="dashboard-card-hint">{hint}</span> : undefined}
    >
      {empty ? (
        <ChartArea height={EMPTY_HEIGHT}>
          <Suspense fallback={null}>
            <SimpleEmpty description={empty} />
          </Suspense>
        </ChartArea>
      ) : (
        <Suspense fallback={<ChartArea height={height} />}>{chart}</Suspense>
      )}
    </DashboardCard>
  );
}

/** Tasks started per day, by kind; a bar opens that day's ended tasks of its kind. */
export function TasksChartCard({ days, height }: { days: Days; height: number }) {
  const { t } = useTranslation("checkerDashboard");
  const navigate = useNavigate();
  const texts = useMemo(
    () => ({ capture: t("tasks.capture"), collection: t("tasks.collection"), total: t("tasks.total") }),
    [t],
  );
  const option = useMemo(() => tasksChartOption(days, texts) as EChartsCoreOption, [days, texts]);
  return (
    <ChartCard
      title={t("tasks.title")}
      hint={t("chartHint")}
      empty={hasTasks(days) ? null : t("tasks.empty", { days: DASHBOARD_DAYS })}
      height={height}
      chart={
        <DayChart
          option={option}
          height={height}
          ariaLabel={t("tasks.label", { days: DASHBOARD_DAYS })}
          onBarClick={(index, seriesName) => {
            const day = days[index]?.day;
            if (day) navigate(historyDayPath(day, kindOfSeries(seriesName, texts)));
          }}
        />
      }
    />
  );
}

/** The bytes gathered by the tasks started each day; a bar opens that day's ended tasks. */
export function GatheredChartCard({ days, height }: { days: Days; height: number }) {
  const { t } = useTranslation("checkerDashboard");
  const navigate = useNavigate();
  const option = useMemo(
    () =>
      gatheredChartOption(days, {
        series: t("gathered.series"),
        unit: (unit) => t(`units.${unit}`),
        amount: (bytes) => {
          const { value, unit } = byteAmount(bytes);
          return t(`bytes.${unit}`, { value });
        },
      }) as EChartsCoreOption,
    [days, t],
  );
  const gathered = days.some((d) => d.gatheredBytes > 0);
  return (
    <ChartCard
      title={t("gathered.title")}
      hint={t("chartHint")}
      empty={gathered ? null : t("gathered.empty", { days: DASHBOARD_DAYS })}
      height={height}
      chart={
        <DayChart
          option={option}
          height={height}
          ariaLabel={t("gathered.label", { days: DASHBOARD_DAYS })}
          onBarClick={(index) => {
            const day = days[index]?.day;
            if (day) navigate(historyDayPath(day));
          }}
        />
      }
    />
  );
}
