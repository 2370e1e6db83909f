import type { TProjectFault } from "@vrf/contract/projects/project-detail.ts";
import { formatDateTime } from "@vrf/contract/time.ts";
import { Tag } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type ListColumns, ListTable } from "../../../components/list-table.tsx";
import { showsLoading } from "../../../lib/query-loading.ts";
import { useProjectFaults } from "../api/use-project-faults.ts";
import { deviceDetailPath } from "../utils/device-routes.ts";
import { ListFailure } from "./list-failure.tsx";

const unitAddress = (f: TProjectFault) =>
  [f.systemNumber, f.outdoorAddress, f.indoorAddress].map((v) => (v === null ? "-" : String(v))).join(" / ");

/** Faults of the project still waiting for a repair, newest first. */
export function ProjectFaultsTab({ projectId }: { projectId: number }) {
  const { t } = useTranslation("projects");
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const faults = useProjectFaults({ projectId, ...page });

  const columns: ListColumns<TProjectFault> = [
    {
      key: "code",
      title: t("fault.code"),
      width: 110,
      render: (_, f) => <Tag color="error">{f.code}</Tag>,
    },
    { key: "name", dataIndex: "name", title: t("fault.name"), width: 240, ellipsis: true, render: (v) => v || "-" },
    {
      key: "device",
      title: t("fault.device"),
      width: 200,
      render: (_, f) => (
        <Link to={deviceDetailPath(f.deviceKind, f.deviceId)}>
          {t(`device.kinds.${f.deviceKind}`)} · {f.deviceCode}
        </Link>
      ),
    },
    { key: "address", title: t("fault.address"), width: 170, render: (_, f) => unitAddress(f) },
    { key: "occurredAt", title: t("fault.occurredAt"), width: 170, render: (_, f) => formatDateTime(f.occurredAt) },
  ];

  if (faults.isError && !faults.data) return <ListFailure error={faults.error} onRetry={() => faults.refetch()} />;
  return (
    <ListTable<TProjectFault>
      className="project-table"
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={faults.data?.list ?? []}
      loading={showsLoading(faults)}
      locale={{ emptyText: faults.isLoading ? " " : t("detail.faultsEmpty") }}
      pagination={{
        current: page.pageNum,
        pageSize: page.pageSize,
        total: faults.data?.total ?? 0,
        hideOnSinglePage: true,
        onChange: (pageNum, pageSize) => setPage({ pageNum: pageSize === page.pageSize ? pageNum : 1, pageSize }),
      }}
    />
  );
}
