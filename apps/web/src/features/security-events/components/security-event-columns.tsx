import type { TSecurityEvent } from "@vrf/contract/security-events/list.ts";
import { formatDateTime } from "@vrf/contract/time.ts";
import { Flex, Tag, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import type { TFunction } from "i18next";
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

export const securityEventColumns = (t: TFunction): ColumnsType<TSecurityEvent> => [
  {
    key: "time",
    title: t("columns.time"),
    width: 170,
    render: (_value, event) => formatDateTime(event.createdAt),
  },
  {
    key: "type",
    title: t("columns.type"),
    width: 190,
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
    render: (_value, event) => secondary(event.email),
  },
  {
    key: "detail",
    title: t("columns.detail"),
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
    render: (_value, event) => secondary(event.ip),
  },
  {
    key: "userAgent",
    title: t("columns.userAgent"),
    width: 200,
    render: (_value, event) => secondary(event.userAgent),
  },
];
