import type { TRepairReportDetail } from "@vrf/contract/repair-reports/detail.ts";
import { formatDateTime } from "@vrf/contract/time.ts";
import { Descriptions, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { deviceDetailPath, projectDetailPath } from "../utils/links.ts";

/** Every field of the report, with the device and project it matched as links. */
export function ReportFacts({ report, showDistributor }: { report: TRepairReportDetail; showDistributor: boolean }) {
  const { t } = useTranslation("repairReports");
  const dash = (v: string) => v || "-";
  const items = [
    { key: "userName", label: t("columns.userName"), children: dash(report.userName) },
    {
      key: "email",
      label: t("columns.email"),
      children: report.email ? <a href={`mailto:${report.email}`}>{report.email}</a> : "-",
    },
    {
      key: "phone",
      label: t("columns.phone"),
      children: report.phone ? <a href={`tel:${report.phone.replace(/[^\d+]/g, "")}`}>{report.phone}</a> : "-",
    },
    { key: "country", label: t("columns.country"), children: dash(report.country) },
    { key: "address", label: t("columns.address"), children: dash(report.address), span: 2 },
    { key: "productModel", label: t("columns.productModel"), children: dash(report.productModel) },
    {
      key: "serialNumber",
      label: t("columns.serialNumber"),
      children: <Typography.Text copyable>{report.serialNumber}</Typography.Text>,
    },
    {
      key: "device",
      label: t("detail.device"),
      children:
        report.deviceId !== null && report.deviceKind ? (
          <Link to={deviceDetailPath(report.deviceKind, report.deviceId)}>
            {t(`kinds.${report.deviceKind}`)} {report.deviceCode ?? report.serialNumber}
          </Link>
        ) : (
          <Typography.Text type="secondary">{t("detail.noDevice")}</Typography.Text>
        ),
    },
    {
      key: "project",
      label: t("columns.project"),
      children:
        report.projectId !== null ? (
          <Link to={projectDetailPath(report.projectId)}>
            {report.projectName}
            {report.projectCode ? ` (${report.projectCode})` : ""}
          </Link>
        ) : (
          <Typography.Text type="secondary">{t("detail.noProject")}</Typography.Text>
        ),
    },
    ...(showDistributor
      ? [{ key: "distributor", label: t("columns.distributor"), children: report.organisationName }]
      : []),
    { key: "reportedAt", label: t("columns.reportedAt"), children: formatDateTime(report.reportedAt) },
    {
      key: "updatedAt",
      label: t("detail.updatedAt"),
      children: formatDateTime(report.updatedAt),
      span: "filled" as const,
    },
  ];
  return (
    <Descriptions
      bordered
      size="small"
      column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 }}
      items={items}
      styles={{ label: { width: 140 } }}
    />
  );
}
