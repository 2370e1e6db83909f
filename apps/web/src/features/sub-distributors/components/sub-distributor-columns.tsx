import type { TSubDistributor } from "@vrf/contract/sub-distributors/sub-distributors.ts";
import { formatDateTime } from "@vrf/contract/time.ts";
import { Button, Flex, Typography } from "antd";
import type { SortOrder } from "antd/es/table/interface";
import type { TFunction } from "i18next";
import type { ListColumns } from "../../../components/list-table.tsx";
import { type RowAction, rowActionsFor } from "../utils/link-status.ts";
import type { SubDistributorSort } from "../utils/table-query.ts";
import { StatusTag } from "./status-tag.tsx";

const DANGER: ReadonlySet<RowAction> = new Set(["delete", "release"]);

export interface ColumnOptions {
  t: TFunction;
  sort: { sort: SubDistributorSort; order: "ascend" | "descend" } | null;
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

export const subDistributorColumns = ({ t, sort, onAction }: ColumnOptions): ListColumns<TSubDistributor> => {
  const sortOrderOf = (key: SubDistributorSort): SortOrder => (sort?.sort === key ? sort.order : null);
  return [
    {
      key: "email",
      title: t("columns.email"),
      width: 240,
      priority: "key",
      sorter: true,
      sortOrder: sortOrderOf("email"),
      render: (_value, link) => (
        <Flex vertical style={{ minWidth: 0 }}>
          {/* An address cut short is a wrong address: it wraps instead. */}
          <Typography.Text strong className="list-wrap-anywhere">
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
      priority: "secondary",
      render: (note: string) => ellipsisText(note, t("empty")),
    },
    {
      key: "status",
      title: t("columns.status"),
      width: 140,
      priority: "primary",
      sorter: true,
      sortOrder: sortOrderOf("status"),
      render: (_value, link) => <StatusTag status={link.status} />,
    },
    {
      key: "returnReason",
      title: t("columns.returnReason"),
      dataIndex: "returnReason",
      priority: "secondary",
      render: (reason: string | null) => ellipsisText(reason ?? "", t("empty")),
    },
    {
      key: "createdAt",
      title: t("columns.createdAt"),
      width: 120,
      priority: "secondary",
      sorter: true,
      sortOrder: sortOrderOf("createdAt"),
      render: (_value, link) => <DateTime value={link.createdAt} />,
    },
    {
      key: "updatedAt",
      title: t("columns.updatedAt"),
      width: 120,
      priority: "primary",
      sorter: true,
      sortOrder: sortOrderOf("updatedAt"),
      render: (_value, link) => <DateTime value={link.updatedAt} />,
    },
    {
      key: "actions",
      title: t("columns.actions"),
      width: 200,
      priority: "actions",
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
