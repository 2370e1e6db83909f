import type { TSecurityEvent } from "@vrf/contract/security-events/list.ts";
import { formatDateTime } from "@vrf/contract/time.ts";
import { Flex, Tag, Typography } from "antd";
import type { TFunction } from "i18next";
import type { ListColumns } from "../../../components/list-table.tsx";
import { describeDetail, eventTypeName } from "../utils/event-detail.ts";

/** Failures and lockouts stand out; the rest of the log is routine. */
const TYPE_COLOR: Record<string, string> = {
  signInFailed: "orange",
  lockout: "red",
  passwordChanged: "blue",
  passwordReset: "blue",
  roleChanged: "purple",
  subDistributorTransition: "purple",
  export: "cyan",
};

const secondary = (text: string | null) =>
  text ? (
    <Typography.Text ellipsis={{ tooltip: text }} style={{ maxWidth: "100%" }}>
      {text}
    </Typography.Text>
  ) : (
    <Typography.Text type="secondary">-</Typography.Text>
  );

/** When, what and whose always show; where from as the width allows. */
export const securityEventColumns = (t: TFunction): ListColumns<TSecurityEvent> => [
  {
    key: "time",
    title: t("columns.time"),
    width: 170,
    priority: "key",
    render: (_value, event) => <span className="list-nowrap">{formatDateTime(event.createdAt)}</span>,
  },
  {
    key: "type",
    title: t("columns.type"),
    width: 190,
    priority: "primary",
    render: (_value, event) => (
      <Tag color={TYPE_COLOR[event.type] ?? "default"} style={{ marginInlineEnd: 0 }}>
        {eventTypeName(t, event.type)}
      </Tag>
    ),
  },
  {
    key: "account",
    title: t("columns.account"),
    width: 230,
    priority: "primary",
    // An address cut short is a wrong address: it wraps instead.
    render: (_value, event) =>
      event.email ? <span className="list-wrap-anywhere">{event.email}</span> : secondary(null),
  },
  {
    key: "detail",
    title: t("columns.detail"),
    priority: "primary",
    render: (_value, event) => (
      <Flex style={{ minWidth: 0 }}>
        <Typography.Paragraph style={{ marginBottom: 0 }} ellipsis={{ rows: 2, tooltip: true }}>
          {describeDetail(t, event) || "-"}
        </Typography.Paragraph>
      </Flex>
    ),
  },
  {
    key: "ip",
    title: t("columns.ip"),
    width: 140,
    priority: "secondary",
    render: (_value, event) => secondary(event.ip),
  },
  {
    key: "userAgent",
    title: t("columns.userAgent"),
    width: 200,
    priority: "optional",
    render: (_value, event) => secondary(event.userAgent),
  },
];
