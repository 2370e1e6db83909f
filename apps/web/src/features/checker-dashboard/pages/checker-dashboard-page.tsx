import {
  CloudServerOutlined,
  DisconnectOutlined,
  HistoryOutlined,
  MonitorOutlined,
  ThunderboltOutlined,
  WifiOutlined,
} from "@ant-design/icons";
import type { TCheckerDashboard } from "@vrf/contract/hi-checker/dashboard.ts";
import { Skeleton } from "antd";
import { useTranslation } from "react-i18next";
import { DashboardFrame } from "../../../components/dashboard/dashboard-frame.tsx";
import { KpiCard, KpiCardSkeleton } from "../../../components/dashboard/kpi-card.tsx";
import { useDeviceEvents } from "../../../lib/use-device-events.ts";
import { CHECKER_DASHBOARD_LIVE, useCheckerDashboard } from "../api/use-checker-dashboard.ts";
import { NoCheckers } from "../components/no-checkers.tsx";
import { StorageFooter } from "../components/storage-footer.tsx";
import { GatheredChartCard, TasksChartCard } from "../components/task-charts.tsx";
import { CHECKER_DASHBOARD_LINKS } from "../utils/dashboard-links.ts";
import { percent, storageAmount } from "../utils/figures.ts";
import "../components/checker-dashboard.css";

const CHART_HEIGHT = 280;

function DashboardSkeleton() {
  return (
    <div className="checker-dash-grid">
      {[0, 1, 2, 3, 4, 5].map((i) => (
        <div key={i} className="checker-dash-cell checker-dash-cell-kpi">
          <KpiCardSkeleton />
        </div>
      ))}
      {[0, 1].map((i) => (
        <div key={i} className="checker-dash-cell checker-dash-cell-chart">
          {/* A card's outline with lines in it: antd's Skeleton.Node keeps no width of its own in a grid cell. */}
          <div className="checker-dash-chart-skeleton" style={{ height: CHART_HEIGHT + 80 }}>
            <Skeleton active title={{ width: "40%" }} paragraph={{ rows: 7 }} />
          </div>
        </div>
      ))}
    </div>
  );
}

/**
 * Dashboard: the Hi-Checker module's home. The caller's checkers now (online, offline, in a
 * task, their storage), the tasks that ended, and the last 30 days of tasks and what they
 * gathered; every figure opens the list it counts, and device and task events keep it live.
 */
export default function CheckerDashboardPage() {
  const dashboard = useCheckerDashboard();
  useDeviceEvents(CHECKER_DASHBOARD_LIVE);
  return (
    <DashboardFrame
      namespace="checkerDashboard"
      className="checker-dash-page"
      query={dashboard}
      skeleton={<DashboardSkeleton />}
    >
      {(data) => <CheckerDashboardGrid data={data} />}
    </DashboardFrame>
  );
}

/** The figures once they are there; a caller with no checkers and no tasks yet is told how to begin. */
function CheckerDashboardGrid({ data }: { data: TCheckerDashboard }) {
  const { t } = useTranslation("checkerDashboard");
  const { checkers, storage } = data;
  if (checkers.total === 0 && data.historyTotal === 0) {
    return <NoCheckers />;
  }

  const onlineShare = percent(checkers.online, checkers.total);
  const offlineShare = percent(checkers.offline, checkers.total);
  const used = storageAmount(storage.usedMb);

  return (
    <div className="checker-dash-grid">
      <div className="checker-dash-cell checker-dash-cell-kpi">
        <KpiCard
          to={CHECKER_DASHBOARD_LINKS.checkers}
          title={t("kpi.checkers")}
          value={checkers.total}
          icon={<MonitorOutlined />}
          tone="blue"
          footer={onlineShare === null ? t("kpi.noCheckers") : t("kpi.onlineShare", { percent: onlineShare })}
        />
      </div>
      <div className="checker-dash-cell checker-dash-cell-kpi">
        <KpiCard
          to={CHECKER_DASHBOARD_LINKS.checkers}
          title={t("kpi.online")}
          value={checkers.online}
          icon={<WifiOutlined />}
          tone="teal"
          footer={t("kpi.ready", { count: Math.max(0, checkers.online - checkers.inTask) })}
        />
      </div>
      <div className="checker-dash-cell checker-dash-cell-kpi">
        <KpiCard
          to={CHECKER_DASHBOARD_LINKS.offlineCheckers}
          title={t("kpi.offline")}
          value={checkers.offline}
          icon={<DisconnectOutlined />}
          tone="grey"
          footer={
            checkers.offline === 0 || offlineShare === null
              ? t("kpi.allOnline")
              : t("kpi.offlineShare", { percent: offlineShare })
          }
        />
      </div>
      <div className="checker-dash-cell checker-dash-cell-kpi">
        <KpiCard
          to={CHECKER_DASHBOARD_LINKS.openTasks}
          title={t("kpi.inTask")}
          value={checkers.inTask}
          icon={<ThunderboltOutlined />}
          tone="amber"
          footer={t("kpi.inTaskDetail", { total: checkers.total })}
        />
      </div>
      <div className="checker-dash-cell checker-dash-cell-kpi">
        <KpiCard
          to={CHECKER_DASHBOARD_LINKS.history}
          title={t("kpi.history")}
          value={data.historyTotal}
          icon={<HistoryOutlined />}
          tone="purple"
          footer={t("kpi.historyDetail")}
        />
      </div>
      <div className="checker-dash-cell checker-dash-cell-kpi">
        <KpiCard
          to={CHECKER_DASHBOARD_LINKS.checkers}
          title={t("kpi.storage")}
          value={storage.usedMb}
          valueText={t(`bytes.${used.unit}`, { value: used.value })}
          icon={<CloudServerOutlined />}
          tone="blue"
          footer={<StorageFooter storage={storage} />}
        />
      </div>

      <div className="checker-dash-cell checker-dash-cell-chart">
        <TasksChartCard days={data.tasksPerDay} height={CHART_HEIGHT} />
      </div>
      <div className="checker-dash-cell checker-dash-cell-chart">
        <GatheredChartCard days={data.tasksPerDay} height={CHART_HEIGHT} />
      </div>
    </div>
  );
}
