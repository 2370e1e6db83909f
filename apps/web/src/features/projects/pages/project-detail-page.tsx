import { DeleteOutlined, EditOutlined } from "@ant-design/icons";
import { Errors } from "@vrf/contract/errors.ts";
import type { TProjectDetail } from "@vrf/contract/projects/project-detail.ts";
import { DEVICE_KINDS } from "@vrf/contract/projects/project-fields.ts";
import { formatDateTime } from "@vrf/contract/time.ts";
import {
  App,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Flex,
  Result,
  Row,
  Skeleton,
  Statistic,
  Tabs,
  Tag,
  Typography,
} from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { ApiError } from "../../../lib/api-error.ts";
import { errorMessage } from "../../../lib/error-text.ts";
import { useDeleteProject } from "../api/use-delete-project.ts";
import { useMapConfig } from "../api/use-map-config.ts";
import { useProject } from "../api/use-project.ts";
import { useProjectsLive } from "../api/use-projects-live.ts";
import { AlarmCount } from "../components/alarm-count.tsx";
import { ProjectDevicesTab } from "../components/project-devices-tab.tsx";
import { ProjectFaultsTab } from "../components/project-faults-tab.tsx";
import { ProjectPositionMap } from "../components/project-position-map.tsx";
import { ProjectRepairReportsTab } from "../components/project-repair-reports-tab.tsx";
import { projectEditPath } from "../utils/device-routes.ts";
import "../components/project-pages.css";

const LIST_PATH = "/projectMangement/ProjectList";

function ProjectDetail({ project }: { project: TProjectDetail }) {
  const { t } = useTranslation(["projects", "errors"]);
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const remove = useDeleteProject();
  const mapConfig = useMapConfig();
  const deviceTotal = DEVICE_KINDS.reduce((n, k) => n + project.devices[k], 0);
  const place = [project.address, project.cityName, project.countryName].filter(Boolean).join(", ");

  const confirmDelete = () => {
    if (deviceTotal > 0) {
      modal.warning({ title: t("detail.deleteFailed"), content: t("detail.deleteBlocked", { count: deviceTotal }) });
      return;
    }
    modal.confirm({
      title: t("detail.deleteTitle", { name: project.name }),
      content: t("detail.deleteContent"),
      okText: t("detail.deleteConfirm"),
      okButtonProps: { danger: true },
      cancelText: t("form.cancel"),
      onOk: async () => {
        try {
          await remove.mutateAsync(project.id);
          message.success(t("detail.deleted", { code: project.code }));
          navigate(LIST_PATH, { replace: true });
        } catch (error) {
          // Devices attached since the page loaded: the server refuses with projectHasDevices.
          modal.error({ title: t("detail.deleteFailed"), content: errorMessage(t, error) });
        }
      },
    });
  };

  return (
    <Flex vertical gap={16}>
      <Card>
        <Flex justify="space-between" align="flex-start" wrap gap={12} className="project-detail-header">
          <Flex vertical gap={4} style={{ minWidth: 0 }}>
            <Typography.Title level={4} className="project-detail-title" style={{ margin: 0 }}>
              {project.name}
            </Typography.Title>
            <Flex gap={8} wrap align="center">
              <Tag color="cyan">{project.code}</Tag>
              <Typography.Text type="secondary">{project.organisationName}</Typography.Text>
              {project.own ? null : <Tag color="purple">{t("detail.subDistributorProject")}</Tag>}
            </Flex>
          </Flex>
          <Flex gap={8} wrap>
            <Button icon={<EditOutlined />} onClick={() => navigate(projectEditPath(project.code))}>
              {t("detail.edit")}
            </Button>
            <Button danger icon={<DeleteOutlined />} onClick={confirmDelete} loading={remove.isPending}>
              {t("detail.delete")}
            </Button>
          </Flex>
        </Flex>
        <Row gutter={[12, 12]}>
          <Col xs={8}>
            <Card size="small" className="project-stat-card">
              <Statistic title={t("detail.summary.devices")} value={deviceTotal} />
            </Card>
          </Col>
          <Col xs={8}>
            <Card size="small" className="project-stat-card">
              <Statistic
                title={t("detail.summary.alarms")}
                value={project.alarmCount}
                styles={{ content: { color: project.alarmCount > 0 ? "#cf1322" : undefined } }}
              />
            </Card>
          </Col>
          <Col xs={8}>
            <Card size="small" className="project-stat-card">
              <Statistic title={t("detail.summary.repairReports")} value={project.repairReportCount} />
            </Card>
          </Col>
        </Row>
      </Card>

      <Row gutter={[16, 16]}>
        <Col xs={24} xl={15}>
          <Card title={t("detail.facts")} style={{ height: "100%" }}>
            <Descriptions
              column={{ xs: 1, sm: 2 }}
              size="small"
              items={[
                { key: "name", label: t("fields.name"), children: project.name },
                { key: "code", label: t("fields.code"), children: project.code },
                { key: "organisation", label: t("fields.organisation"), children: project.organisationName },
                { key: "alarm", label: t("fields.alarmCount"), children: <AlarmCount count={project.alarmCount} /> },
                { key: "contactPerson", label: t("fields.contactPerson"), children: project.contactPerson },
                { key: "contactPhone", label: t("fields.contactPhone"), children: project.contactPhone },
                { key: "country", label: t("fields.country"), children: project.countryName || "-" },
                { key: "city", label: t("fields.city"), children: project.cityName || "-" },
                {
                  key: "address",
                  label: t("fields.address"),
                  children: project.address || "-",
                  span: { xs: 1, sm: 2 },
                },
                ...DEVICE_KINDS.map((kind) => ({
                  key: kind,
                  label: t(`fields.${kind}`),
                  children: project.devices[kind],
                })),
                {
                  key: "position",
                  label: t("fields.location"),
                  children:
                    project.latitude !== null && project.longitude !== null
                      ? `${project.latitude.toFixed(6)}, ${project.longitude.toFixed(6)}`
                      : t("detail.noPosition"),
                  span: { xs: 1, sm: 2 },
                },
                { key: "createdBy", label: t("fields.createdBy"), children: project.createdByName ?? "-" },
                { key: "createdAt", label: t("fields.createdAt"), children: formatDateTime(project.createdAt) },
                { key: "updatedAt", label: t("fields.updatedAt"), children: formatDateTime(project.updatedAt) },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} xl={9}>
          <Card title={t("fields.location")} style={{ height: "100%" }}>
            {project.latitude !== null && project.longitude !== null ? (
              <>
                <ProjectPositionMap
                  latitude={project.latitude}
                  longitude={project.longitude}
                  tileUrl={mapConfig.data?.tileUrl ?? null}
                  label={place || project.name}
                />
                {place ? (
                  <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
                    {place}
                  </Typography.Paragraph>
                ) : null}
              </>
            ) : (
              <Empty description={t("detail.noPosition")} />
            )}
          </Card>
        </Col>
      </Row>

      <Card>
        <Tabs
          items={[
            {
              key: "devices",
              label: `${t("detail.tabs.devices")} (${deviceTotal})`,
              children: (
                <ProjectDevicesTab
                  projectId={project.id}
                  projectRef={{ id: project.id, code: project.code, name: project.name }}
                  counts={project.devices}
                />
              ),
            },
            {
              key: "faults",
              label: `${t("detail.tabs.faults")} (${project.alarmCount})`,
              children: <ProjectFaultsTab projectId={project.id} />,
            },
            {
              key: "repairReports",
              label: `${t("detail.tabs.repairReports")} (${project.repairReportCount})`,
              children: <ProjectRepairReportsTab projectId={project.id} />,
            },
          ]}
        />
      </Card>
    </Flex>
  );
}

/** projectDetail: the facts, devices, open faults and repair reports of one project (`?id=`). */
export default function ProjectDetailPage() {
  const { t } = useTranslation(["projects", "errors"]);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const raw = params.get("id");
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : undefined;
  const project = useProject({ id });
  useProjectsLive();

  if (id !== undefined && project.isLoading) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 12 }} />
      </Card>
    );
  }
  if (id === undefined || project.isError || !project.data) {
    const missing =
      id === undefined || (project.error instanceof ApiError && project.error.errorCode === Errors.notFound.errorCode);
    return (
      <Card>
        <Result
          status={missing ? "404" : "error"}
          title={missing ? t("form.notFound") : t("form.loadFailed")}
          subTitle={missing ? null : errorMessage(t, project.error)}
          extra={
            <Flex gap={8} justify="center" wrap>
              {missing ? null : <Button onClick={() => project.refetch()}>{t("common:actions.retry")}</Button>}
              <Button type="primary" onClick={() => navigate(LIST_PATH)}>
                {t("form.backToList")}
              </Button>
            </Flex>
          }
        />
      </Card>
    );
  }
  return <ProjectDetail project={project.data} />;
}
