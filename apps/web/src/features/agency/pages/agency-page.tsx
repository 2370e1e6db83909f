import { AlertOutlined, ApartmentOutlined, ReloadOutlined, ToolOutlined, WifiOutlined } from "@ant-design/icons";
import { formatDateTime } from "@vrf/contract/time.ts";
import { Button, Col, Flex, Row, Skeleton, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { StatusNotice } from "../../../components/status-notice.tsx";
import { useErrorText } from "../../../lib/error-text.ts";
import { useDeviceEvents } from "../../../lib/use-device-events.ts";
import { AGENCY_LIVE, useAgencyDashboard } from "../api/use-agency-dashboard.ts";
import { DeviceKindsCard } from "../components/device-kinds-card.tsx";
import { FaultsTrendCard } from "../components/faults-trend-card.tsx";
import { KpiCard } from "../components/kpi-card.tsx";
import { StatusListCard } from "../components/status-list-card.tsx";
import { TopCodesCard } from "../components/top-codes-card.tsx";
import { DASHBOARD_LINKS, percent, repairReportsPath, subDistributorsPath } from "../utils/dashboard-links.ts";
import "../components/agency.css";

const REPAIR_COLORS = ["#FF6B57", "#FAAD14", "#2BC6C2"];
const LINK_COLORS = ["#BFBFBF", "#FAAD14", "#2BC6C2", "#8C8C8C", "#FF6B57"];

function DashboardSkeleton() {
  return (
    <Row gutter={[16, 16]}>
      {[0, 1, 2, 3].map((i) => (
        <Col key={i} xs={24} sm={12} xl={6}>
          <div className="agency-kpi agency-kpi-skeleton">
            <Skeleton active paragraph={{ rows: 2 }} />
          </div>
        </Col>
      ))}
      <Col xs={24} xl={16}>
        <Skeleton.Node active style={{ width: "100%", height: 320 }} />
      </Col>
      <Col xs={24} xl={8}>
        <Skeleton.Node active style={{ width: "100%", height: 320 }} />
      </Col>
    </Row>
  );
}

/** agency: the distributor's home, every figure leading to the list it counts. */
export default function AgencyPage() {
  const { t } = useTranslation("agency");
  const errorText = useErrorText();
  const dashboard = useAgencyDashboard();
  useDeviceEvents(AGENCY_LIVE);
  const data = dashboard.data;

  const header = (
    <Flex justify="space-between" align="center" gap={12} wrap className="agency-header">
      <div>
        <Typography.Title level={4} className="agency-heading">
          {t("heading")}
        </Typography.Title>
        <Typography.Text type="secondary">{t("subheading")}</Typography.Text>
      </div>
      <Flex align="center" gap={12}>
        {dashboard.dataUpdatedAt > 0 && (
          <Typography.Text type="secondary" className="agency-updated">
            {t("updated", { time: formatDateTime(dashboard.dataUpdatedAt).slice(11, 16) })}
          </Typography.Text>
        )}
        <Button icon={<ReloadOutlined />} onClick={() => void dashboard.refetch()} loading={dashboard.isFetching}>
          {t("refresh")}
        </Button>
      </Flex>
    </Flex>
  );

  if (!data) {
    return (
      <div className="agency-page">
        {header}
        {dashboard.isError ? (
          <StatusNotice
            status="warning"
            title={t("loadFailed")}
            subTitle={errorText(dashboard.error)}
            extra={<Button onClick={() => void dashboard.refetch()}>{t("retry")}</Button>}
            className="agency-result"
          />
        ) : (
          <DashboardSkeleton />
        )}
      </div>
    );
  }

  const devicesTotal = data.devices.reduce((sum, d) => sum + d.total, 0);
  const devicesOnline = data.devices.reduce((sum, d) => sum + d.online, 0);
  const onlineShare = percent(devicesOnline, devicesTotal);
  const [unresolved = 0, inProcess = 0] = data.repairReports;

  return (
    <div className="agency-page">
      {header}
      <Row gutter={[16, 16]}>
        <Col xs={12} xl={6}>
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
        </Col>
        <Col xs={12} xl={6}>
          <KpiCard
            to="/equipmentCenter/HiMit"
            title={t("kpi.devices")}
            value={devicesTotal}
            icon={<WifiOutlined />}
            tone="blue"
            footer={onlineShare === null ? t("kpi.noDevices") : t("kpi.onlineShare", { percent: onlineShare })}
          />
        </Col>
        <Col xs={12} xl={6}>
          <KpiCard
            to={DASHBOARD_LINKS.openFaults}
            title={t("kpi.openFaults")}
            value={data.faults.open}
            icon={<AlertOutlined />}
            tone={data.faults.open ? "danger" : "teal"}
            footer={t("kpi.lastDays", { count: data.faults.lastDays })}
          />
        </Col>
        <Col xs={12} xl={6}>
          <KpiCard
            to={repairReportsPath(0)}
            title={t("kpi.repairReports")}
            value={unresolved}
            icon={<ToolOutlined />}
            tone="amber"
            footer={t("kpi.inProcess", { count: inProcess })}
          />
        </Col>

        <Col xs={24} xl={16}>
          <FaultsTrendCard days={data.faultsPerDay} height={300} />
        </Col>
        <Col xs={24} xl={8}>
          <TopCodesCard codes={data.topCodes} />
        </Col>

        <Col xs={24} lg={12} xl={data.subDistributors ? 8 : 12}>
          <DeviceKindsCard devices={data.devices} />
        </Col>
        <Col xs={24} lg={12} xl={data.subDistributors ? 8 : 12}>
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
        </Col>
        {data.subDistributors && (
          <Col xs={24} lg={12} xl={8}>
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
          </Col>
        )}
      </Row>
    </div>
  );
}
