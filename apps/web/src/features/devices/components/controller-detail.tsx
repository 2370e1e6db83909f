import type { TControllerKind } from "@vrf/contract/devices/common.ts";
import { formatDateTime } from "@vrf/contract/time.ts";
import { Card, Col, Descriptions, Row, Space, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { DevicePlacementActions } from "../../../components/device-placement-actions.tsx";
import { RelativeTime } from "../../../components/relative-time.tsx";
import { useDeviceEvents } from "../../../lib/use-device-events.ts";
import { useControllerDetail } from "../api/use-controller-detail.ts";
import { isControllable } from "../utils/control-options.ts";
import { faultAnalysisPath, idFromQuery } from "../utils/device-display.ts";
import { deviceDetailLive } from "../utils/live-keys.ts";
import { DetailLoading, DetailProblem } from "./detail-states.tsx";
import { DeviceCommands } from "./device-commands.tsx";
import { DeviceStatusTag } from "./device-status-tag.tsx";
import { DeviceUnits } from "./device-units.tsx";
import { ProjectLink } from "./project-link.tsx";
import { RecentFaults } from "./recent-faults.tsx";
import { RotateCredentialsButton } from "./rotate-credentials-button.tsx";
import { StatusHistory } from "./status-history.tsx";
import "./devices.css";

const LIST_PATHS: Record<TControllerKind, string> = {
  himit: "/equipmentCenter/HiMit",
  hidom: "/equipmentCenter/HiDom",
  smarttouch: "/equipmentCenter/SmartTouch",
};

const orDash = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === "" ? "—" : value;

/** One Hi-MIT, Hi-Dom or SmartTouch device: identity, project, units, faults and status history. */
export function ControllerDetail({ kind }: { kind: TControllerKind }) {
  const { t } = useTranslation("devices");
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = idFromQuery(params.get("id"));
  const { data: device, error, isLoading, refetch } = useControllerDetail(id, kind);
  useDeviceEvents(deviceDetailLive(kind, id ?? 0), { match: (event) => event.deviceId === id });

  if (id === null) return <DetailProblem error={null} listPath={LIST_PATHS[kind]} onRetry={() => undefined} />;
  if (isLoading) return <DetailLoading />;
  if (!device) return <DetailProblem error={error} listPath={LIST_PATHS[kind]} onRetry={() => void refetch()} />;

  return (
    <div className="devices-page">
      <Card
        variant="borderless"
        className="devices-card devices-detail-card"
        title={
          <div className="devices-detail-title">
            <Typography.Title level={4}>{device.alias || device.deviceCode}</Typography.Title>
            <Tag>{t(`kinds.${kind}`)}</Tag>
            <DeviceStatusTag status={device.status} />
          </div>
        }
        extra={
          <Space wrap>
            <DevicePlacementActions
              device={{ id: device.id, kind, name: device.alias || device.deviceCode, project: device.project }}
              onRemoved={() => navigate(LIST_PATHS[kind], { replace: true })}
            />
            <RotateCredentialsButton deviceId={device.id} deviceName={device.alias || device.deviceCode} />
          </Space>
        }
      >
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 3, xxl: 3 }}
          items={[
            {
              key: "deviceCode",
              label: t("detail.deviceCode"),
              children: <span className="devices-mono">{device.deviceCode}</span>,
            },
            {
              key: "serial",
              label: t("detail.serialNumber"),
              children: <span className="devices-mono">{device.serialNumber}</span>,
            },
            { key: "alias", label: t("detail.alias"), children: orDash(device.alias) },
            { key: "model", label: t("detail.model"), children: orDash(device.model) },
            { key: "firmware", label: t("detail.firmware"), children: orDash(device.firmware) },
            { key: "module", label: t("detail.moduleVersion"), children: orDash(device.moduleVersion) },
            { key: "mcu", label: t("detail.mcuVersion"), children: orDash(device.mcuVersion) },
            { key: "install", label: t("detail.installDate"), children: orDash(device.installDate) },
            {
              key: "lastSeen",
              label: t("detail.lastSeen"),
              children: device.lastSeenAt ? <RelativeTime value={device.lastSeenAt} /> : orDash(null),
            },
            {
              key: "project",
              label: t("detail.project"),
              children: <ProjectLink project={device.project} withCode empty={t("detail.noProject")} />,
            },
            { key: "organisation", label: t("detail.distributor"), children: device.organisationName },
            ...(device.systemNumber === null
              ? []
              : [{ key: "system", label: t("detail.systemNumber"), children: device.systemNumber }]),
            {
              key: "openFaults",
              label: t("detail.openFaults"),
              children: (
                <Link to={faultAnalysisPath(device.id)}>
                  <Typography.Text type={device.openFaults > 0 ? "danger" : "secondary"}>
                    {device.openFaults}
                  </Typography.Text>
                </Link>
              ),
            },
            { key: "registered", label: t("detail.registeredAt"), children: formatDateTime(device.createdAt) },
          ]}
        />
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <DeviceUnits
            deviceId={device.id}
            kind={kind}
            outdoorCount={device.outdoorCount}
            indoorCount={device.indoorCount}
          />
        </Col>
        <Col xs={24} xl={8}>
          <StatusHistory history={device.statusHistory} />
        </Col>
      </Row>
      <RecentFaults deviceId={device.id} faults={device.recentFaults} />
      {isControllable(kind) ? <DeviceCommands deviceId={device.id} /> : null}
    </div>
  );
}
