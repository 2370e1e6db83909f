import { EditOutlined, NodeIndexOutlined, PlusOutlined, UnorderedListOutlined } from "@ant-design/icons";
import { formatDateTime } from "@vrf/contract/time.ts";
import { Alert, Button, Card, Col, Descriptions, Row, Space, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { RelativeTime } from "../../../components/relative-time.tsx";
import { useNow } from "../../../lib/relative-time.ts";
import { useDeviceEvents } from "../../../lib/use-device-events.ts";
import { useCheckerDetail } from "../api/use-checker-detail.ts";
import { type CheckerPages, DISTRIBUTOR_CHECKERS } from "../utils/checker-pages.ts";
import { CHECKER_WRITE_IN_PATH, idFromQuery, storageAmount } from "../utils/device-display.ts";
import { deviceDetailLive } from "../utils/live-keys.ts";
import { DetailLoading, DetailProblem } from "./detail-states.tsx";
import { DeviceCommands } from "./device-commands.tsx";
import { DeviceStatusTag } from "./device-status-tag.tsx";
import { DeviceUnits } from "./device-units.tsx";
import { LinkProgressPanel, LinkProgressSummary } from "./link-progress.tsx";
import { ProjectLink } from "./project-link.tsx";
import { RotateCredentialsButton } from "./rotate-credentials-button.tsx";
import { StatusHistory } from "./status-history.tsx";
import { StorageBar } from "./storage-bar.tsx";
import "./devices.css";

const orDash = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === "" ? "—" : value;

/**
 * CheckerDetail and CkCheckerDetail: every field of a Hi-Checker (SPEC section 3), its connection
 * to the VRF system while it is being made, a full temporary checker's warning, its units and its
 * status history. The Hi-Checker module (`pages`, and its DeviceModule for the units and commands)
 * shows it without Distributor Cloud's editing and credentials.
 */
export function CheckerDetail({ pages = DISTRIBUTOR_CHECKERS }: { pages?: CheckerPages }) {
  const { t } = useTranslation("devices");
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = idFromQuery(params.get("id"));
  const { data: checker, error, isLoading, refetch } = useCheckerDetail(id, pages.detail);
  // Progress events refresh the detail (see live-keys); the clock lets a finished or stalled connection's bar go.
  useDeviceEvents(deviceDetailLive("checker", id ?? 0), { match: (event) => event.deviceId === id });
  const now = useNow(10_000);
  const taskPaths = pages.taskPaths;
  const cyclePath = pages.cyclePath;

  if (id === null) return <DetailProblem error={null} listPath={pages.listPath} onRetry={() => undefined} />;
  if (isLoading) return <DetailLoading />;
  if (!checker) return <DetailProblem error={error} listPath={pages.listPath} onRetry={() => void refetch()} />;

  const capacity = (mb: number | null) => {
    if (mb === null) return "—";
    const { value, unit } = storageAmount(mb);
    return t(`storage.${unit}`, { value });
  };

  return (
    <div className="devices-page">
      <Card
        variant="borderless"
        className="devices-card devices-detail-card"
        title={
          <div className="devices-detail-title">
            <Typography.Title level={4}>{checker.alias || checker.deviceCode}</Typography.Title>
            <Tag>{t("kinds.checker")}</Tag>
            <DeviceStatusTag status={checker.status} />
          </div>
        }
        extra={
          pages.manages ? (
            <Space wrap>
              <RotateCredentialsButton deviceId={checker.id} deviceName={checker.alias || checker.deviceCode} />
              <Button icon={<EditOutlined />} onClick={() => navigate(`${CHECKER_WRITE_IN_PATH}?id=${checker.id}`)}>
                {t("detail.edit")}
              </Button>
            </Space>
          ) : taskPaths ? (
            <Space wrap>
              <Button icon={<UnorderedListOutlined />} onClick={() => navigate(taskPaths.list(checker.id))}>
                {t("detail.tasks")}
              </Button>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(taskPaths.create(checker.id))}>
                {t("detail.newTask")}
              </Button>
            </Space>
          ) : null
        }
      >
        {checker.capacityFull ? (
          <Alert
            type="error"
            showIcon
            className="devices-detail-alert"
            title={t("storageFull.title")}
            description={t("storageFull.description")}
          />
        ) : null}
        <LinkProgressPanel progress={checker.linkProgress} status={checker.status} now={now} />
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 3, xxl: 3 }}
          items={[
            { key: "alias", label: t("detail.alias"), children: orDash(checker.alias) },
            {
              key: "deviceCode",
              label: t("detail.deviceCode"),
              children: <span className="devices-mono">{checker.deviceCode}</span>,
            },
            {
              key: "serial",
              label: t("detail.serialNumber"),
              children: <span className="devices-mono">{checker.serialNumber}</span>,
            },
            {
              key: "type",
              label: t("detail.checkerType"),
              children: checker.checkerType ? t(`checkerType.${checker.checkerType}`) : "—",
            },
            { key: "status", label: t("detail.status"), children: <DeviceStatusTag status={checker.status} /> },
            {
              key: "connection",
              label: t("detail.connection"),
              children: <LinkProgressSummary progress={checker.linkProgress} />,
            },
            { key: "capacity", label: t("detail.storageCapacity"), children: capacity(checker.storageCapacityMb) },
            {
              key: "used",
              label: t("detail.usedCapacity"),
              children: <StorageBar usedMb={checker.usedCapacityMb} capacityMb={checker.storageCapacityMb} />,
            },
            { key: "install", label: t("detail.installDate"), children: orDash(checker.installDate) },
            { key: "system", label: t("detail.systemNumber"), children: orDash(checker.systemNumber) },
            { key: "outdoor", label: t("detail.outdoorUnits"), children: checker.outdoorCount },
            { key: "indoor", label: t("detail.indoorUnits"), children: checker.indoorCount },
            {
              key: "faulty",
              label: t("detail.faultyIndoor"),
              children: (
                <Typography.Text type={checker.faultyIndoorCount > 0 ? "danger" : "secondary"}>
                  {checker.faultyIndoorCount}
                </Typography.Text>
              ),
            },
            { key: "firmware", label: t("detail.firmware"), children: orDash(checker.firmware) },
            { key: "module", label: t("detail.moduleVersion"), children: orDash(checker.moduleVersion) },
            { key: "mcu", label: t("detail.mcuVersion"), children: orDash(checker.mcuVersion) },
            { key: "model", label: t("detail.model"), children: orDash(checker.model) },
            {
              key: "project",
              label: t("detail.project"),
              children: (
                <ProjectLink project={checker.project} withCode empty={t("detail.noProject")} linked={pages.manages} />
              ),
            },
            { key: "organisation", label: t("detail.distributor"), children: checker.organisationName },
            { key: "admin", label: t("detail.admin"), children: orDash(checker.adminEmail) },
            {
              key: "lastSeen",
              label: t("detail.lastSeen"),
              children: checker.lastSeenAt ? <RelativeTime value={checker.lastSeenAt} now={now} /> : orDash(null),
            },
            { key: "registered", label: t("detail.registeredAt"), children: formatDateTime(checker.createdAt) },
            {
              key: "bound",
              label: t("detail.boundUsers"),
              span: "filled",
              children:
                checker.boundUsers.length === 0 ? (
                  <span className="devices-muted">{t("detail.noBoundUsers")}</span>
                ) : (
                  <div className="devices-bound-list" style={{ marginTop: 0 }}>
                    {checker.boundUsers.map((user) => (
                      <Tag key={user.email} title={user.name}>
                        {user.email}
                      </Tag>
                    ))}
                  </div>
                ),
            },
          ]}
        />
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <DeviceUnits
            deviceId={checker.id}
            kind={"checker"}
            outdoorCount={checker.outdoorCount}
            indoorCount={checker.indoorCount}
            extra={
              cyclePath ? (
                <Button
                  icon={<NodeIndexOutlined />}
                  onClick={() => navigate(cyclePath(checker.id, checker.systemNumber))}
                >
                  {t("cycle.open")}
                </Button>
              ) : undefined
            }
          />
        </Col>
        <Col xs={24} xl={8}>
          <StatusHistory history={checker.statusHistory} />
        </Col>
      </Row>
      <DeviceCommands deviceId={checker.id} />
    </div>
  );
}
