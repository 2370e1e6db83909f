import { AlertOutlined, ApartmentOutlined, ToolOutlined, WifiOutlined } from "@ant-design/icons";
import type { TAgencyDashboard } from "@vrf/contract/agency/dashboard.ts";
import { Skeleton } from "antd";
import { useTranslation } from "react-i18next";
import { DashboardFrame } from "../../../components/dashboard/dashboard-frame.tsx";
import { KpiCard, KpiCardSkeleton } from "../../../components/dashboard/kpi-card.tsx";
import { useDeviceEvents } from "../../../lib/use-device-events.ts";
import { AGENCY_LIVE, useAgencyDashboard } from "../api/use-agency-dashboard.ts";
import { DeviceKindsCard } from "../components/device-kinds-card.tsx";
import { FaultsTrendCard } from "../components/faults-trend-card.tsx";
import { StatusListCard } from "../components/status-list-card.tsx";
import { TopCodesCard } from "../components/top-codes-card.tsx";
import { DASHBOARD_LINKS, percent, repairReportsPath, subDistributorsPath } from "../utils/dashboard-links.ts";
import "../components/agency.css";

const REPAIR_COLORS = ["#FF6B57", "#FAAD14", "#2BC6C2"];
const LINK_COLORS = ["#BFBFBF", "#FAAD14", "#2BC6C2", "#8C8C8C", "#FF6B57"];

function DashboardSkeleton() {
  return (
    <div className="agency-grid">
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="agency-cell agency-cell-skeleton-kpi">
          <KpiCardSkeleton />
        </div>
      ))}
      <div className="agency-cell agency-cell-wide">
        <Skeleton.Node active style={{ width: "100%", height: 320 }} />
      </div>
      <div className="agency-cell agency-cell-narrow">
        <Skeleton.Node active style={{ width: "100%", height: 320 }} />
      </div>
    </div>
  );
}

/** agency: the distributor's home, every figure leading to the list it counts. */
export default function AgencyPage() {
  const dashboard = useAgencyDashboard();
  useDeviceEvents(AGENCY_LIVE);
  return (
    <DashboardFrame namespace="agency" className="agency-page" query={dashboard} skeleton={<DashboardSkeleton />}>
      {(data) => <AgencyGrid data={data} />}
    </DashboardFrame>
  );
}

/** The figures once they are there. */
function AgencyGrid({ data }: { data: TAgencyDashboard }) {
  const { t } = useTranslation("agency");
  const devicesTotal = data.devices.reduce((sum, d) => sum + d.total, 0);
  const devicesOnline = data.devices.reduce((sum, d) => sum + d.online, 0);
  const onlineShare = percent(devicesOnline, devicesTotal);
  const [unresolved = 0, inProcess = 0] = data.repairReports;

  return (
    <div className="agency-grid">
      <div className="agency-cell agency-cell-kpi">
        <KpiCard
          to={DASHBOARD_LINKS.projects}
          title={t("kpi.projects")}
          value={data.projects.total}
          icon={<ApartmentOutlined />}
          tone="teal"
          footer={
            data.projects.inAlarm ? (
              <span className="agency-alarm">{t("kpi.inAlarm", { count: data.projects.inAlarm })}</span>
            ) : (
              t("kpi.noAlarm")
            )
          }
        />
      </div>
      <div className="agency-cell agency-cell-kpi">
        <KpiCard
          to="/equipmentCenter/HiMit"
          title={t("kpi.devices")}
          value={devicesTotal}
          icon={<WifiOutlined />}
          tone="blue"
          footer={onlineShare === null ? t("kpi.noDevices") : t("kpi.onlineShare", { percent: onlineShare })}
        />
      </div>
      <div className="agency-cell agency-cell-kpi">
        <KpiCard
          to={DASHBOARD_LINKS.openFaults}
          title={t("kpi.openFaults")}
          value={data.faults.open}
          icon={<AlertOutlined />}
          tone={data.faults.open ? "danger" : "teal"}
          footer={t("kpi.lastDays", { count: data.faults.lastDays })}
        />
      </div>
      <div className="agency-cell agency-cell-kpi">
        <KpiCard
          to={repairReportsPath(0)}
          title={t("kpi.repairReports")}
          value={unresolved}
          icon={<ToolOutlined />}
          tone="amber"
          footer={t("kpi.inProcess", { count: inProcess })}
        />
      </div>

      <div className="agency-cell agency-cell-wide">
        <FaultsTrendCard days={data.faultsPerDay} height={300} />
      </div>
      <div className="agency-cell agency-cell-narrow">
        <TopCodesCard codes={data.topCodes} />
      </div>

      <div className={data.subDistributors ? "agency-cell agency-cell-third" : "agency-cell agency-cell-half"}>
        <DeviceKindsCard devices={data.devices} />
      </div>
      <div className={data.subDistributors ? "agency-cell agency-cell-third" : "agency-cell agency-cell-half"}>
        <StatusListCard
          title={t("repairReports.title")}
          linkOf={repairReportsPath}
          rows={data.repairReports.map((count, status) => ({
            status,
            count,
            label: t(`repairReports.status.${status}`),
            color: REPAIR_COLORS[status] as string,
          }))}
        />
      </div>
      {data.subDistributors && (
        <div className="agency-cell agency-cell-third">
          <StatusListCard
            title={t("subDistributors.title")}
            linkOf={subDistributorsPath}
            rows={data.subDistributors.map((count, status) => ({
              status,
              count,
              label: t(`subDistributors.status.${status}`),
              color: LINK_COLORS[status] as string,
            }))}
          />
        </div>
      )}
    </div>
  );
}
