import type { TProjectDevice } from "@vrf/contract/projects/project-detail.ts";
import { DEVICE_KINDS, type TDeviceCounts, type TDeviceKind } from "@vrf/contract/projects/project-fields.ts";
import { Segmented, Tag } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { DevicePlacementActions } from "../../../components/device-placement-actions.tsx";
import { type ListColumns, ListTable } from "../../../components/list-table.tsx";
import { RelativeTime } from "../../../components/relative-time.tsx";
import { showsLoading } from "../../../lib/query-loading.ts";
import { useProjectDevices } from "../api/use-project-devices.ts";
import { deviceDetailPath } from "../utils/device-routes.ts";
import { DeviceStatusTag } from "./device-status-tag.tsx";
import { ListFailure } from "./list-failure.tsx";

/** The project's devices, by kind, each linking to its own detail page. */
export function ProjectDevicesTab({
  projectId,
  projectRef,
  counts,
}: {
  projectId: number;
  /** The project itself, shown as the devices' current project when one is moved. */
  projectRef: { id: number; code: string; name: string };
  counts: TDeviceCounts;
}) {
  const { t } = useTranslation("projects");
  const [kind, setKind] = useState<TDeviceKind | "all">("all");
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const devices = useProjectDevices({ projectId, ...page, ...(kind === "all" ? {} : { kind }) });
  const total = DEVICE_KINDS.reduce((n, k) => n + counts[k], 0);

  const columns: ListColumns<TProjectDevice> = [
    {
      key: "deviceCode",
      title: t("device.code"),
      width: 180,
      render: (_, device) => <Link to={deviceDetailPath(device.kind, device.id)}>{device.deviceCode}</Link>,
    },
    {
      key: "kind",
      priority: "primary",
      title: t("device.kind"),
      width: 120,
      render: (_, d) => <Tag>{t(`device.kinds.${d.kind}`)}</Tag>,
    },
    {
      key: "status",
      priority: "primary",
      title: t("device.status"),
      width: 140,
      render: (_, d) => <DeviceStatusTag status={d.status} />,
    },
    {
      key: "serialNumber",
      priority: "primary",
      dataIndex: "serialNumber",
      title: t("device.serialNumber"),
      width: 170,
    },
    {
      key: "alias",
      priority: "optional",
      dataIndex: "alias",
      title: t("device.alias"),
      width: 140,
      ellipsis: true,
      render: (v) => v || "-",
    },
    {
      key: "model",
      priority: "optional",
      dataIndex: "model",
      title: t("device.model"),
      width: 160,
      render: (v) => v || "-",
    },
    {
      key: "firmware",
      priority: "optional",
      dataIndex: "firmware",
      title: t("device.firmware"),
      width: 100,
      render: (v) => v || "-",
    },
    {
      key: "openFaultCount",
      title: t("detail.openFaults"),
      width: 110,
      align: "right",
      render: (_, d) => (d.openFaultCount > 0 ? <Tag color="error">{d.openFaultCount}</Tag> : 0),
    },
    {
      key: "lastSeenAt",
      title: t("device.lastSeenAt"),
      width: 170,
      render: (_, d) => (d.lastSeenAt ? <RelativeTime value={d.lastSeenAt} /> : "-"),
    },
    {
      key: "actions",
      title: t("device.actions"),
      width: 200,
      // Hi-Checkers are moved on their own edit page; the other kinds here, so the project can be emptied.
      render: (_, d) =>
        d.kind === "checker" ? null : (
          <DevicePlacementActions
            compact
            device={{ id: d.id, kind: d.kind, name: d.alias || d.deviceCode, project: projectRef }}
          />
        ),
    },
  ];

  return (
    <>
      <Segmented<TDeviceKind | "all">
        value={kind}
        onChange={(value) => {
          setKind(value);
          setPage((p) => ({ ...p, pageNum: 1 }));
        }}
        options={[
          { value: "all", label: `${t("detail.allKinds")} (${total})` },
          ...DEVICE_KINDS.map((k) => ({ value: k, label: `${t(`device.kinds.${k}`)} (${counts[k]})` })),
        ]}
        style={{ marginBottom: 12, maxWidth: "100%", overflowX: "auto" }}
      />
      {devices.isError && !devices.data ? (
        <ListFailure error={devices.error} onRetry={() => devices.refetch()} />
      ) : (
        <ListTable<TProjectDevice>
          className="project-table"
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={devices.data?.list ?? []}
          loading={showsLoading(devices)}
          locale={{ emptyText: devices.isLoading ? " " : t("detail.devicesEmpty") }}
          pagination={{
            current: page.pageNum,
            pageSize: page.pageSize,
            total: devices.data?.total ?? 0,
            showSizeChanger: true,
            hideOnSinglePage: true,
            onChange: (pageNum, pageSize) => setPage({ pageNum: pageSize === page.pageSize ? pageNum : 1, pageSize }),
          }}
        />
      )}
    </>
  );
}
