import type { TRepairReportSort } from "@vrf/contract/repair-reports/list.ts";
import type { TRepairReportItem } from "@vrf/contract/repair-reports/repair-report.ts";
import { formatDateTime } from "@vrf/contract/time.ts";
import { Flex, Tooltip, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import type { TFunction } from "i18next";
import { Link } from "react-router";
import { repairReportDetailPath } from "../utils/links.ts";
import { RepairStatusTag } from "./repair-status-tag.tsx";

interface ColumnOptions {
  t: TFunction;
  sort: TRepairReportSort | null;
  order: "ascend" | "descend" | null;
  /** A distributor with sub-distributors sees whose report each row is. */
  showDistributor: boolean;
  /** Narrow screens: no fixed columns, they would cover the rest. */
  compact: boolean;
}

const ellipsis = (text: string) =>
  text ? (
    <Tooltip title={text} placement="topLeft">
      <span>{text}</span>
    </Tooltip>
  ) : (
    "-"
  );

/** Columns of the repair report list; sortable ones follow the address's sort. */
export const repairReportColumns = ({
  t,
  sort,
  order,
  showDistributor,
  compact,
}: ColumnOptions): ColumnsType<TRepairReportItem> => {
  const sortOrder = (key: TRepairReportSort) =>
    sort === key ? order : key === "reportedAt" && sort === null ? ("descend" as const) : null;
  return [
    {
      key: "reference",
      title: t("columns.reference"),
      width: 110,
      fixed: compact ? undefined : "left",
      // Narrow screens: the status rides under the reference, where it is seen without scrolling.
      render: (_, r) =>
        compact ? (
          <Flex vertical gap={4} align="flex-start">
            <Link to={repairReportDetailPath(r.id)}>{r.reference}</Link>
            <RepairStatusTag status={r.status} />
          </Flex>
        ) : (
          <Link to={repairReportDetailPath(r.id)}>{r.reference}</Link>
        ),
    },
    {
      key: "userName",
      dataIndex: "userName",
      title: t("columns.userName"),
      width: 150,
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
      ellipsis: { showTitle: false },
      render: ellipsis,
    },
    {
      key: "address",
      dataIndex: "address",
      title: t("columns.address"),
      width: 200,
      ellipsis: { showTitle: false },
      render: ellipsis,
    },
    {
      key: "email",
      dataIndex: "email",
      title: t("columns.email"),
      width: 190,
      ellipsis: { showTitle: false },
      render: ellipsis,
    },
    { key: "phone", dataIndex: "phone", title: t("columns.phone"), width: 160, render: (v: string) => v || "-" },
    {
      key: "productModel",
      dataIndex: "productModel",
      title: t("columns.productModel"),
      width: 150,
      render: (v: string) => v || "-",
    },
    {
      key: "serialNumber",
      dataIndex: "serialNumber",
      title: t("columns.serialNumber"),
      width: 150,
      sorter: true,
      sortOrder: sortOrder("serialNumber"),
      render: (v: string) => <Typography.Text copyable={{ text: v }}>{v}</Typography.Text>,
    },
    {
      key: "content",
      dataIndex: "content",
      title: t("columns.content"),
      width: 240,
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
      sorter: true,
      sortOrder: sortOrder("reportedAt"),
      sortDirections: ["descend", "ascend"],
      render: (v: string) => formatDateTime(v),
    },
    ...(compact
      ? []
      : [
          {
            key: "status",
            dataIndex: "status",
            title: t("columns.status"),
            width: 110,
            fixed: "right" as const,
            sorter: true,
            sortOrder: sortOrder("status"),
            render: (_: unknown, r: TRepairReportItem) => <RepairStatusTag status={r.status} />,
          },
        ]),
    {
      key: "actions",
      title: t("columns.actions"),
      width: 90,
      fixed: compact ? undefined : "right",
      render: (_, r) => (
        <Link to={repairReportDetailPath(r.id)} aria-label={`${t("list.view")} ${r.reference}`}>
          {t("list.view")}
        </Link>
      ),
    },
  ];
};
