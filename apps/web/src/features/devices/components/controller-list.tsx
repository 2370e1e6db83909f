import { CONTROLLER_STATUSES, type TControllerKind } from "@vrf/contract/devices/common.ts";
import { CONTROLLER_SORTS, type TControllerRow } from "@vrf/contract/devices/controllers.ts";
import { Button, Form, Select, Space, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { DevicePlacementActions } from "../../../components/device-placement-actions.tsx";
import type { ListColumns } from "../../../components/list-table.tsx";
import { RelativeTime } from "../../../components/relative-time.tsx";
import { useControllers } from "../api/use-controllers.ts";
import { useDeviceFacets } from "../api/use-device-facets.ts";
import { useExportControllers } from "../api/use-export-controllers.ts";
import { useListState } from "../hooks/use-list-state.ts";
import { detailPath } from "../utils/device-display.ts";
import { formValues, hasFilters, toExportRequest, toListRequest, withFilters } from "../utils/list-params.ts";
import { deviceFilterFields } from "./device-filter-fields.tsx";
import { DeviceStatusTag } from "./device-status-tag.tsx";
import { ExportButton } from "./export-button.tsx";
import { FilterBar } from "./filter-bar.tsx";
import { PagedTable } from "./paged-table.tsx";
import { ProjectLink } from "./project-link.tsx";
import "./devices.css";
import { useHasSubDistributors } from "../../../lib/distributor-options.ts";
import { useDeviceEvents } from "../../../lib/use-device-events.ts";
import { deviceListLive } from "../utils/live-keys.ts";

const FILTER_KEYS = ["keyword", "status", "projectId", "organisationId", "model", "firmware"] as const;
type FilterKey = (typeof FILTER_KEYS)[number];

interface FilterValues {
  keyword?: string;
  status?: string;
  projectId?: number;
  organisationId?: number;
  model?: string;
  firmware?: string;
}

/** The list of Hi-MIT controllers, Hi-Dom gateways or SmartTouch panels: one screen for the three kinds. */
export function ControllerList({ kind }: { kind: TControllerKind }) {
  const { t } = useTranslation("devices");
  const [form] = Form.useForm<FilterValues>();
  const [state, setState] = useListState<FilterKey>(FILTER_KEYS);
  const hasSubDistributors = useHasSubDistributors();
  const query = useControllers({ kind, ...toListRequest(state) } as Parameters<typeof useControllers>[0]);
  useDeviceEvents(deviceListLive(kind));
  const facets = useDeviceFacets(kind);
  const exporter = useExportControllers();

  const shared = deviceFilterFields(t, {
    keywordPlaceholder: "filters.controllerKeyword",
    statuses: CONTROLLER_STATUSES,
    rows: query.data?.list,
    projectId: state.filters.projectId,
    hasSubDistributors,
  });

  const values = formValues(state.filters, ["projectId", "organisationId"]) as FilterValues;

  const columns: ListColumns<TControllerRow> = [
    {
      key: "deviceCode",
      title: t("columns.deviceCode"),
      dataIndex: "deviceCode",
      width: 170,
      priority: "key",
      render: (value: string, row) => (
        <Link to={detailPath(kind, row.id)} className="devices-mono">
          {value}
        </Link>
      ),
    },
    {
      key: "serialNumber",
      title: t("columns.serialNumber"),
      dataIndex: "serialNumber",
      width: 170,
      priority: "secondary",
      render: (value: string) => <span className="devices-mono">{value}</span>,
    },
    {
      key: "alias",
      title: t("columns.alias"),
      dataIndex: "alias",
      width: 140,
      priority: "secondary",
      ellipsis: true,
      render: (value: string) => value || <span className="devices-muted">—</span>,
    },
    { key: "model", title: t("columns.model"), dataIndex: "model", width: 160, priority: "optional" },
    { key: "firmware", title: t("columns.firmware"), dataIndex: "firmware", width: 100, priority: "optional" },
    {
      key: "status",
      title: t("columns.status"),
      dataIndex: "status",
      width: 100,
      priority: "primary",
      render: (value: string) => <DeviceStatusTag status={value} />,
    },
    {
      key: "projectName",
      title: t("columns.project"),
      dataIndex: "project",
      width: 200,
      priority: "primary",
      ellipsis: true,
      render: (project: TControllerRow["project"]) => <ProjectLink project={project} />,
    },
    ...(hasSubDistributors
      ? [
          {
            key: "organisation",
            title: t("columns.distributor"),
            dataIndex: "organisationName",
            width: 170,
            priority: "secondary" as const,
            ellipsis: true,
          },
        ]
      : []),
    ...(kind === "himit"
      ? [
          {
            key: "units",
            title: t("columns.units"),
            width: 120,
            priority: "secondary" as const,
            render: (_: unknown, row: TControllerRow) => `${row.outdoorCount} / ${row.indoorCount}`,
          },
        ]
      : []),
    {
      key: "lastSeenAt",
      title: t("columns.lastSeen"),
      dataIndex: "lastSeenAt",
      width: 170,
      priority: "primary",
      render: (value: string | null) => (
        <span className="list-nowrap">{value ? <RelativeTime value={value} /> : "—"}</span>
      ),
    },
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
      width: 250,
      priority: "actions",
      render: (_: unknown, row) => (
        <Space size="small">
          <Link to={detailPath(kind, row.id)}>
            <Button type="link" size="small" style={{ padding: 0 }}>
              {t("list.details")}
            </Button>
          </Link>
          <DevicePlacementActions
            compact
            device={{ id: row.id, kind, name: row.alias || row.deviceCode, project: row.project }}
          />
        </Space>
      ),
    },
  ];

  const facetOptions = (list: string[] | undefined) => (list ?? []).map((v) => ({ value: v, label: v }));

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
          shared.project,
          ...shared.organisation,
          {
            name: "model",
            label: t("filters.model"),
            control: <Select allowClear placeholder={t("filters.all")} options={facetOptions(facets.data?.models)} />,
          },
          {
            name: "firmware",
            label: t("filters.firmware"),
            control: (
              <Select allowClear placeholder={t("filters.all")} options={facetOptions(facets.data?.firmwares)} />
            ),
          },
        ]}
      />
      <PagedTable<TControllerRow, FilterKey>
        columns={columns}
        data={query.data}
        query={query}
        state={state}
        onStateChange={setState}
        sortable={CONTROLLER_SORTS}
        emptyText={hasFilters(state.filters) ? t("list.emptyFiltered") : t("list.empty")}
        title={<Typography.Text strong>{t(`kinds.${kind}`)}</Typography.Text>}
        actions={
          <ExportButton
            pending={exporter.isPending}
            onExport={() =>
              exporter.mutateAsync({ kind, ...toExportRequest(state) } as Parameters<typeof exporter.mutateAsync>[0])
            }
          />
        }
        listId={`devices-${kind}`}
      />
    </div>
  );
}
