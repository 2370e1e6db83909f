import type { TRepairReportSort } from "@vrf/contract/repair-reports/list.ts";
import type { TRepairReportItem } from "@vrf/contract/repair-reports/repair-report.ts";
import { formatDateTime } from "@vrf/contract/time.ts";
import { Tooltip, Typography } from "antd";
import type { TFunction } from "i18next";
import { Link } from "react-router";
import type { ListColumns } from "../../../components/list-table.tsx";
import { repairReportDetailPath } from "../utils/links.ts";
import { RepairStatusTag } from "./repair-status-tag.tsx";

interface ColumnOptions {
  t: TFunction;
  sort: TRepairReportSort | null;
  order: "ascend" | "descend" | null;
  /** A distributor with sub-distributors sees whose report each row is. */
  showDistributor: boolean;
}

const ellipsis = (text: string) =>
  text ? (
    <Tooltip title={text} placement="topLeft">
      <span>{text}</span>
    </Tooltip>
  ) : (
    "-"
  );

/**
 * Columns of the repair report list; sortable ones follow the address's sort. Who reported, how
 * to reach them, when and the state always show; the rest as the width allows.
 */
export const repairReportColumns = ({
  t,
  sort,
  order,
  showDistributor,
}: ColumnOptions): ListColumns<TRepairReportItem> => {
  const sortOrder = (key: TRepairReportSort) =>
    sort === key ? order : key === "reportedAt" && sort === null ? ("descend" as const) : null;
  return [
    {
      key: "reference",
      title: t("columns.reference"),
      width: 110,
      priority: "key",
      render: (_, r) => <Link to={repairReportDetailPath(r.id)}>{r.reference}</Link>,
    },
    {
      key: "userName",
      dataIndex: "userName",
      title: t("columns.userName"),
      width: 150,
      priority: "primary",
      sorter: true,
      sortOrder: sortOrder("userName"),
      ellipsis: { showTitle: false },
      render: ellipsis,
    },
    {
      key: "country",
      dataIndex: "country",
      title: t("columns.country"),
      width: 120,
      priority: "optional",
      ellipsis: { showTitle: false },
      render: ellipsis,
    },
    {
      key: "address",
      dataIndex: "address",
      title: t("columns.address"),
      width: 200,
      priority: "optional",
      ellipsis: { showTitle: false },
      render: ellipsis,
    },
    {
      key: "email",
      dataIndex: "email",
      title: t("columns.email"),
      width: 210,
      priority: "secondary",
      // An address cut short is a wrong address: it wraps instead.
      render: (v: string) => <span className="list-wrap-anywhere">{v || "-"}</span>,
    },
    {
      key: "phone",
      dataIndex: "phone",
      title: t("columns.phone"),
      width: 170,
      priority: "primary",
      render: (v: string) => <span className="list-nowrap">{v || "-"}</span>,
    },
    {
      key: "productModel",
      dataIndex: "productModel",
      title: t("columns.productModel"),
      width: 150,
      priority: "secondary",
      render: (v: string) => v || "-",
    },
    {
      key: "serialNumber",
      dataIndex: "serialNumber",
      title: t("columns.serialNumber"),
      width: 150,
      priority: "secondary",
      sorter: true,
      sortOrder: sortOrder("serialNumber"),
      render: (v: string) => <Typography.Text copyable={{ text: v }}>{v}</Typography.Text>,
    },
    {
      key: "content",
      dataIndex: "content",
      title: t("columns.content"),
      width: 240,
      priority: "secondary",
      ellipsis: { showTitle: false },
      render: ellipsis,
    },
    ...(showDistributor
      ? [
          {
            key: "organisationName",
            dataIndex: "organisationName",
            title: t("columns.distributor"),
            width: 170,
            priority: "optional" as const,
            ellipsis: { showTitle: false },
            render: ellipsis,
          },
        ]
      : []),
    {
      key: "reportedAt",
      dataIndex: "reportedAt",
      title: t("columns.reportedAt"),
      width: 175,
      priority: "primary",
      sorter: true,
      sortOrder: sortOrder("reportedAt"),
      sortDirections: ["descend", "ascend"],
      render: (v: string) => <span className="list-nowrap">{formatDateTime(v)}</span>,
    },
    {
      key: "status",
      dataIndex: "status",
      title: t("columns.status"),
      width: 110,
      priority: "primary",
      sorter: true,
      sortOrder: sortOrder("status"),
      render: (_: unknown, r: TRepairReportItem) => <RepairStatusTag status={r.status} />,
    },
    {
      key: "actions",
      title: t("columns.actions"),
      width: 90,
      priority: "actions",
      render: (_, r) => (
        <Link to={repairReportDetailPath(r.id)} aria-label={`${t("list.view")} ${r.reference}`}>
          {t("list.view")}
        </Link>
      ),
    },
  ];
};
