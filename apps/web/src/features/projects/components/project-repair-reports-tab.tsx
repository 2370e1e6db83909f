import type { TProjectRepairReport } from "@vrf/contract/projects/project-detail.ts";
import { formatDateTime } from "@vrf/contract/time.ts";
import { Tag, Tooltip } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type ListColumns, ListTable } from "../../../components/list-table.tsx";
import { useProjectRepairReports } from "../api/use-project-repair-reports.ts";
import { repairReportDetailPath } from "../utils/device-routes.ts";
import { ListFailure } from "./list-failure.tsx";

const STATUS_COLORS = ["error", "processing", "success"] as const;

/** End users' repair reports about this project's devices. */
export function ProjectRepairReportsTab({ projectId }: { projectId: number }) {
  const { t } = useTranslation("projects");
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const reports = useProjectRepairReports({ projectId, ...page });

  const columns: ListColumns<TProjectRepairReport> = [
    {
      key: "userName",
      title: t("report.userName"),
      width: 150,
      render: (_, r) => <Link to={repairReportDetailPath(r.id)}>{r.userName}</Link>,
    },
    {
      key: "productModel",
      dataIndex: "productModel",
      title: t("report.productModel"),
      width: 150,
      render: (v) => v || "-",
    },
    { key: "serialNumber", dataIndex: "serialNumber", title: t("report.serialNumber"), width: 160 },
    {
      key: "content",
      dataIndex: "content",
      title: t("report.content"),
      width: 280,
      ellipsis: { showTitle: false },
      render: (v: string) => (
        <Tooltip title={v} placement="topLeft">
          {v}
        </Tooltip>
      ),
    },
    {
      key: "status",
      title: t("report.status"),
      width: 110,
      render: (_, r) => <Tag color={STATUS_COLORS[r.status] ?? "default"}>{t(`report.statuses.${r.status}`)}</Tag>,
    },
    { key: "reportedAt", title: t("report.reportedAt"), width: 170, render: (_, r) => formatDateTime(r.reportedAt) },
  ];

  if (reports.isError && !reports.data) return <ListFailure error={reports.error} onRetry={() => reports.refetch()} />;
  return (
    <ListTable<TProjectRepairReport>
      className="project-table"
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={reports.data?.list ?? []}
      loading={reports.isFetching}
      locale={{ emptyText: reports.isLoading ? " " : t("detail.repairReportsEmpty") }}
      pagination={{
        current: page.pageNum,
        pageSize: page.pageSize,
        total: reports.data?.total ?? 0,
        hideOnSinglePage: true,
        onChange: (pageNum, pageSize) => setPage({ pageNum: pageSize === page.pageSize ? pageNum : 1, pageSize }),
      }}
    />
  );
}
