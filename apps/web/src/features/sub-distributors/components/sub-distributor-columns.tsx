import type { TSubDistributor } from "@vrf/contract/sub-distributors/sub-distributors.ts";
import { formatDateTime } from "@vrf/contract/time.ts";
import { Button, Flex, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import type { SortOrder } from "antd/es/table/interface";
import type { TFunction } from "i18next";
import { type RowAction, rowActionsFor } from "../utils/link-status.ts";
import type { SubDistributorSort } from "../utils/table-query.ts";
import { StatusTag } from "./status-tag.tsx";

const DANGER: ReadonlySet<RowAction> = new Set(["delete", "release"]);

export interface ColumnOptions {
  t: TFunction;
  sort: { sort: SubDistributorSort; order: "ascend" | "descend" } | null;
  /** Fix the actions column at the right edge (not on phones, where it would cover half the table). */
  fixActions: boolean;
  onAction: (action: RowAction, link: TSubDistributor) => void;
}

const ellipsisText = (text: string, empty: string) =>
  text ? (
    <Typography.Text ellipsis={{ tooltip: text }} style={{ maxWidth: "100%" }}>
      {text}
    </Typography.Text>
  ) : (
    <Typography.Text type="secondary">{empty}</Typography.Text>
  );

/** Date over time: two short lines keep the table narrow enough for a laptop screen. */
function DateTime({ value }: { value: string }) {
  const [date, time] = formatDateTime(value).split(" ");
  return (
    <Flex vertical>
      <span>{date}</span>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {time}
      </Typography.Text>
    </Flex>
  );
}

export const subDistributorColumns = ({
  t,
  sort,
  fixActions,
  onAction,
}: ColumnOptions): ColumnsType<TSubDistributor> => {
  const sortOrderOf = (key: SubDistributorSort): SortOrder => (sort?.sort === key ? sort.order : null);
  return [
    {
      key: "email",
      title: t("columns.email"),
      width: 240,
      sorter: true,
      sortOrder: sortOrderOf("email"),
      render: (_value, link) => (
        <Flex vertical style={{ minWidth: 0 }}>
          <Typography.Text strong ellipsis={{ tooltip: link.email }}>
            {link.email}
          </Typography.Text>
          <Typography.Text type="secondary" ellipsis={{ tooltip: link.organisationName }} style={{ fontSize: 12 }}>
            {link.organisationName}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: "note",
      title: t("columns.note"),
      dataIndex: "note",
      render: (note: string) => ellipsisText(note, t("empty")),
    },
    {
      key: "status",
      title: t("columns.status"),
      width: 140,
      sorter: true,
      sortOrder: sortOrderOf("status"),
      render: (_value, link) => <StatusTag status={link.status} />,
    },
    {
      key: "returnReason",
      title: t("columns.returnReason"),
      dataIndex: "returnReason",
      render: (reason: string | null) => ellipsisText(reason ?? "", t("empty")),
    },
    {
      key: "createdAt",
      title: t("columns.createdAt"),
      width: 120,
      sorter: true,
      sortOrder: sortOrderOf("createdAt"),
      render: (_value, link) => <DateTime value={link.createdAt} />,
    },
    {
      key: "updatedAt",
      title: t("columns.updatedAt"),
      width: 120,
      sorter: true,
      sortOrder: sortOrderOf("updatedAt"),
      render: (_value, link) => <DateTime value={link.updatedAt} />,
    },
    {
      key: "actions",
      title: t("columns.actions"),
      width: 200,
      ...(fixActions ? { fixed: "right" as const } : {}),
      render: (_value, link) => (
        <Flex wrap gap="2px 12px">
          {rowActionsFor(link.status).map((action) => (
            <Button
              key={action}
              type="link"
              size="small"
              danger={DANGER.has(action)}
              style={{ padding: 0, height: "auto" }}
              onClick={() => onAction(action, link)}
            >
              {t(`actions.${action}`)}
            </Button>
          ))}
        </Flex>
      ),
    },
  ];
};
