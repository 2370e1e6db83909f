import type { TClientError } from "@vrf/contract/client-errors/list.ts";
import { formatDateTime } from "@vrf/contract/time.ts";
import { Button, Tag, Typography } from "antd";
import type { TFunction } from "i18next";
import type { ListColumns } from "../../../components/list-table.tsx";
import { pageOf } from "../utils/list-query.ts";

/** A page that fell over is the worst; a stray rejection the least visible to the user. */
const KIND_COLOR: Record<string, string> = { boundary: "red", error: "orange", unhandledRejection: "gold" };

export const kindName = (t: TFunction, kind: string): string => t(`kinds.${kind}`, { defaultValue: kind });

const text = (value: string | null) =>
  value ? (
    <Typography.Text ellipsis={{ tooltip: value }} style={{ maxWidth: "100%" }}>
      {value}
    </Typography.Text>
  ) : (
    <Typography.Text type="secondary">-</Typography.Text>
  );

/** When, what kind and the message always show; where and whose as the width allows. */
export const clientErrorColumns = (t: TFunction, onOpen: (error: TClientError) => void): ListColumns<TClientError> => [
  {
    key: "time",
    title: t("columns.time"),
    width: 170,
    priority: "key",
    render: (_value, error) => <span className="list-nowrap">{formatDateTime(error.createdAt)}</span>,
  },
  {
    key: "kind",
    title: t("columns.kind"),
    width: 190,
    priority: "primary",
    render: (_value, error) => (
      <Tag color={KIND_COLOR[error.kind] ?? "default"} style={{ marginInlineEnd: 0 }}>
        {kindName(t, error.kind)}
      </Tag>
    ),
  },
  {
    key: "message",
    title: t("columns.message"),
    priority: "primary",
    render: (_value, error) => (
      <Typography.Paragraph style={{ marginBottom: 0 }} ellipsis={{ rows: 2, tooltip: error.message }}>
        {error.message}
      </Typography.Paragraph>
    ),
  },
  {
    key: "page",
    title: t("columns.page"),
    width: 220,
    priority: "secondary",
    render: (_value, error) => text(pageOf(error.url)),
  },
  {
    key: "account",
    title: t("columns.account"),
    width: 210,
    priority: "secondary",
    // An address cut short is a wrong address: it wraps instead.
    render: (_value, error) => (error.email ? <span className="list-wrap-anywhere">{error.email}</span> : text(null)),
  },
  {
    key: "release",
    title: t("columns.release"),
    width: 120,
    priority: "optional",
    render: (_value, error) => text(error.release),
  },
  {
    key: "details",
    title: t("columns.details"),
    width: 90,
    priority: "actions",
    render: (_value, error) => (
      <Button type="link" size="small" style={{ paddingInline: 0 }} onClick={() => onOpen(error)}>
        {t("detail.open")}
      </Button>
    ),
  },
];
