import type { TProjectListItem } from "@vrf/contract/projects/project-list.ts";
import { formatDateTime } from "@vrf/contract/time.ts";
import { Space, Tooltip, Typography } from "antd";
import type { SortOrder } from "antd/es/table/interface";
import type { TFunction } from "i18next";
import { Link } from "react-router";
import type { ListColumns } from "../../../components/list-table.tsx";
import { projectDetailPath, projectEditPath } from "../utils/device-routes.ts";
import type { ProjectListQuery } from "../utils/list-query.ts";
import { AlarmCount } from "./alarm-count.tsx";

const count = (value: number) => <span className="project-count-cell">{value}</span>;

/**
 * The project list's columns; sortable ones show the order the address asks for. Name, code,
 * city and alarms always show; the rest as the width allows (lib/column-fit.ts).
 */
export const projectColumns = (
  t: TFunction<"projects">,
  query: ProjectListQuery,
  options: { showOrganisation: boolean },
): ListColumns<TProjectListItem> => {
  const { showOrganisation } = options;
  const sortOrder = (field: NonNullable<ProjectListQuery["sort"]>): SortOrder =>
    query.sort === field ? (query.order ?? null) : null;
  return [
    {
      key: "name",
      dataIndex: "name",
      title: t("fields.name"),
      priority: "key",
      width: 210,
      ellipsis: { showTitle: false },
      sorter: true,
      sortOrder: sortOrder("name"),
      render: (name: string, project) => (
        <Tooltip title={name} placement="topLeft">
          <Link to={projectDetailPath(project.id)}>{name}</Link>
        </Tooltip>
      ),
    },
    {
      key: "code",
      dataIndex: "code",
      title: t("fields.code"),
      width: 120,
      priority: "primary",
      sorter: true,
      sortOrder: sortOrder("code"),
    },
    ...(showOrganisation
      ? [
          {
            key: "organisationName",
            dataIndex: "organisationName",
            title: t("fields.organisation"),
            width: 180,
            priority: "secondary" as const,
            ellipsis: true,
            sorter: true,
            sortOrder: sortOrder("organisationName"),
          },
        ]
      : []),
    {
      key: "countryName",
      dataIndex: "countryName",
      title: t("fields.country"),
      width: 110,
      priority: "optional",
      ellipsis: true,
      sorter: true,
      sortOrder: sortOrder("countryName"),
    },
    {
      key: "cityName",
      dataIndex: "cityName",
      title: t("fields.city"),
      width: 120,
      priority: "primary",
      ellipsis: true,
      sorter: true,
      sortOrder: sortOrder("cityName"),
    },
    {
      key: "address",
      dataIndex: "address",
      title: t("fields.address"),
      width: 200,
      priority: "optional",
      ellipsis: { showTitle: false },
      render: (address: string) => (
        <Tooltip title={address} placement="topLeft">
          {address || <Typography.Text type="secondary">-</Typography.Text>}
        </Tooltip>
      ),
    },
    {
      key: "contactPerson",
      dataIndex: "contactPerson",
      title: t("fields.contactPerson"),
      width: 130,
      ellipsis: true,
      priority: "secondary",
    },
    {
      key: "contactPhone",
      dataIndex: "contactPhone",
      title: t("fields.contactPhone"),
      width: 170,
      priority: "secondary",
      render: (phone: string) => <span className="list-nowrap">{phone}</span>,
    },
    {
      key: "devices",
      title: t("list.devicesTitle"),
      priority: "optional",
      children: (["himit", "hidom", "smarttouch", "checker"] as const).map((kind) => ({
        key: kind,
        title: t(`fields.${kind}`),
        width: kind === "smarttouch" || kind === "checker" ? 104 : 80,
        align: "right" as const,
        render: (_: unknown, project: TProjectListItem) => count(project.devices[kind]),
      })),
    },
    {
      key: "alarmCount",
      dataIndex: "alarmCount",
      title: t("fields.alarmCount"),
      width: 120,
      priority: "primary",
      sorter: true,
      sortOrder: sortOrder("alarmCount"),
      render: (value: number) => <AlarmCount count={value} />,
    },
    {
      key: "createdAt",
      dataIndex: "createdAt",
      title: t("fields.createdAt"),
      width: 170,
      priority: "secondary",
      sorter: true,
      sortOrder: sortOrder("createdAt"),
      render: (value: string) => <span className="list-nowrap">{formatDateTime(value)}</span>,
    },
    {
      key: "actions",
      title: t("list.actions"),
      priority: "actions",
      width: 110,
      render: (_: unknown, project) => (
        <Space size={12}>
          <Link to={projectDetailPath(project.id)}>{t("list.view")}</Link>
          <Link to={projectEditPath(project.code)}>{t("list.edit")}</Link>
        </Space>
      ),
    },
  ];
};
