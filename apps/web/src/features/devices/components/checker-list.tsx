import { PlusOutlined } from "@ant-design/icons";
import { CHECKER_SORTS, type TCheckerRow } from "@vrf/contract/devices/checkers.ts";
import { CHECKER_STATUSES, CHECKER_TYPES } from "@vrf/contract/devices/common.ts";
import { Button, Form, Tag, Tooltip, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import type { ListColumns } from "../../../components/list-table.tsx";
import { useCheckers } from "../api/use-checkers.ts";
import { useExportCheckers } from "../api/use-export-checkers.ts";
import { useListState } from "../hooks/use-list-state.ts";
import { type CheckerPages, DISTRIBUTOR_CHECKERS } from "../utils/checker-pages.ts";
import { CHECKER_WRITE_IN_PATH } from "../utils/device-display.ts";
import { formValues, hasFilters, toExportRequest, toListRequest, withFilters } from "../utils/list-params.ts";
import { choiceField, deviceFilterFields } from "./device-filter-fields.tsx";
import { DeviceStatusTag } from "./device-status-tag.tsx";
import { ExportButton } from "./export-button.tsx";
import { FilterBar } from "./filter-bar.tsx";
import { LinkProgressBadge } from "./link-progress.tsx";
import { PagedTable } from "./paged-table.tsx";
import { ProjectLink } from "./project-link.tsx";
import { StorageBar } from "./storage-bar.tsx";
import "./devices.css";
import { useHasSubDistributors } from "../../../lib/distributor-options.ts";
import { useNow } from "../../../lib/relative-time.ts";
import { useDeviceEvents } from "../../../lib/use-device-events.ts";
import { deviceListLive } from "../utils/live-keys.ts";

const FILTER_KEYS = ["keyword", "status", "checkerType", "projectId", "organisationId"] as const;
type FilterKey = (typeof FILTER_KEYS)[number];

interface FilterValues {
  keyword?: string;
  status?: string;
  checkerType?: string;
  projectId?: number;
  organisationId?: number;
}

/**
 * HiMitChecker and CkHiMitChecker: the caller's Hi-Checker loggers, with their storage (and whether
 * a temporary one is full), a connection under way, and where they are. In the Hi-Checker module
 * (`pages`) the list only looks: registering, editing and exporting are Distributor Cloud's, and
 * its project and distributor pick lists are too.
 */
export function CheckerList({ pages = DISTRIBUTOR_CHECKERS }: { pages?: CheckerPages }) {
  const { t } = useTranslation("devices");
  const navigate = useNavigate();
  const [form] = Form.useForm<FilterValues>();
  const [state, setState] = useListState<FilterKey>(FILTER_KEYS);
  const hasSubDistributors = useHasSubDistributors(pages.manages);
  // Checkers bound to an engineer may be any distributor's: the module always says whose.
  const showsOrganisation = hasSubDistributors || !pages.manages;
  const query = useCheckers(toListRequest(state) as Parameters<typeof useCheckers>[0], pages.list);
  useDeviceEvents(deviceListLive("checker"));
  // The clock takes a stalled connection's ring away; it need tick often only while one is shown.
  const anyLinking = query.data?.list.some((row) => row.linkProgress !== null && row.linkProgress.step < 100) ?? false;
  const now = useNow(anyLinking ? 10_000 : 60_000);
  const exporter = useExportCheckers();

  const shared = deviceFilterFields(t, {
    keywordPlaceholder: "filters.checkerKeyword",
    statuses: CHECKER_STATUSES,
    rows: query.data?.list,
    projectId: state.filters.projectId,
    hasSubDistributors,
  });

  const values = formValues(state.filters, ["projectId", "organisationId"]) as FilterValues;

  const columns: ListColumns<TCheckerRow> = [
    {
      key: "alias",
      title: t("columns.alias"),
      dataIndex: "alias",
      width: 150,
      priority: "key",
      ellipsis: true,
      render: (alias: string, row) => <Link to={pages.detailPath(row.id)}>{alias || row.deviceCode}</Link>,
    },
    {
      key: "deviceCode",
      title: t("columns.wifiId"),
      dataIndex: "deviceCode",
      width: 180,
      priority: "primary",
      render: (value: string) => <span className="devices-mono">{value}</span>,
    },
    {
      key: "serialNumber",
      title: t("columns.serialNumber"),
      dataIndex: "serialNumber",
      width: 160,
      priority: "secondary",
      render: (value: string) => <span className="devices-mono">{value}</span>,
    },
    {
      key: "checkerType",
      title: t("columns.type"),
      dataIndex: "checkerType",
      width: 130,
      priority: "secondary",
      render: (type: string | null) => (type ? t(`checkerType.${type}`) : "—"),
    },
    {
      key: "status",
      title: t("columns.status"),
      dataIndex: "status",
      width: 170,
      priority: "primary",
      render: (value: string, row) => (
        <span className="devices-status-cell">
          <DeviceStatusTag status={value} />
          <LinkProgressBadge progress={row.linkProgress} status={value} now={now} />
        </span>
      ),
    },
    {
      key: "usedCapacityMb",
      title: t("columns.storage"),
      width: 200,
      priority: "primary",
      render: (_: unknown, row) => (
        <>
          <StorageBar usedMb={row.usedCapacityMb} capacityMb={row.storageCapacityMb} />
          {row.capacityFull ? (
            <Tooltip title={t("storageFull.description")}>
              <Tag color="error" variant="filled" className="devices-storage-full">
                {t("storageFull.tag")}
              </Tag>
            </Tooltip>
          ) : null}
        </>
      ),
    },
    {
      key: "projectName",
      title: t("columns.project"),
      dataIndex: "project",
      width: 200,
      priority: "secondary",
      ellipsis: true,
      render: (project: TCheckerRow["project"]) => <ProjectLink project={project} linked={pages.manages} />,
    },
    ...(showsOrganisation
      ? [
          {
            key: "organisation",
            title: t("columns.distributor"),
            dataIndex: "organisationName",
            width: 170,
            priority: "optional" as const,
            ellipsis: true,
          },
        ]
      : []),
    {
      key: "installDate",
      title: t("columns.installDate"),
      dataIndex: "installDate",
      width: 120,
      priority: "optional",
    },
    {
      key: "actions",
      title: t("columns.actions"),
      width: 130,
      priority: "actions",
      render: (_: unknown, row) => (
        <span style={{ display: "inline-flex", gap: 12 }}>
          <Link to={pages.detailPath(row.id)}>{t("list.details")}</Link>
          {pages.manages ? <Link to={`${CHECKER_WRITE_IN_PATH}?id=${row.id}`}>{t("list.edit")}</Link> : null}
        </span>
      ),
    },
  ];

  return (
    <div className="devices-page">
      <FilterBar<FilterValues>
        form={form}
        values={values}
        onSearch={(v) => setState(withFilters(state, v as Record<FilterKey, string | number | undefined>))}
        onReset={() => setState(withFilters(state, {}))}
        fields={[
          shared.keyword,
          shared.status,
          choiceField(t, { name: "checkerType", label: "filters.type", values: CHECKER_TYPES, prefix: "checkerType" }),
          ...(pages.manages ? [shared.project, ...shared.organisation] : []),
        ]}
      />
      <PagedTable<TCheckerRow, FilterKey>
        columns={columns}
        data={query.data}
        query={query}
        state={state}
        onStateChange={setState}
        sortable={CHECKER_SORTS}
        emptyText={hasFilters(state.filters) ? t("list.emptyFiltered") : t("list.empty")}
        title={<Typography.Text strong>{t("kinds.checker")}</Typography.Text>}
        actions={
          pages.manages ? (
            <>
              <ExportButton
                pending={exporter.isPending}
                onExport={() =>
                  exporter.mutateAsync(toExportRequest(state) as Parameters<typeof exporter.mutateAsync>[0])
                }
              />
              <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(CHECKER_WRITE_IN_PATH)}>
                {t("list.register")}
              </Button>
            </>
          ) : null
        }
        listId={pages.manages ? "devices-checker" : "hi-checker-checkers"}
      />
    </div>
  );
}
