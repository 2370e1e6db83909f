import type { TDeviceDeadLetter } from "@vrf/contract/device-dead-letters/list.ts";
import { Button, Tag, Tooltip, Typography } from "antd";
import type { TFunction } from "i18next";
import { Link } from "react-router";
import type { ListColumns } from "../../../components/list-table.tsx";
import { RelativeTime } from "../../../components/relative-time.tsx";
import { payloadPreview } from "../utils/list-query.ts";

/** A topic's name for people; a topic this release does not know (a newer server's) as sent. */
export const topicName = (t: TFunction, topic: string): string => t(`topics.${topic}`, { defaultValue: topic });

/**
 * Any device by its id: the devices' own page finds its kind and sends the user on to its detail
 * page, which the row cannot name (it carries the id, not the kind).
 */
const devicePath = (deviceId: number): string => `/equipmentCenter/devicedetails/${deviceId}`;

/** The serial number, a link while the device is still registered. */
export function SerialNumber({ t, letter }: { t: TFunction; letter: TDeviceDeadLetter }) {
  if (letter.deviceId !== null) {
    return (
      <Link className="list-wrap-anywhere" to={devicePath(letter.deviceId)}>
        {letter.serialNumber}
      </Link>
    );
  }
  return (
    <span className="list-wrap-anywhere">
      {letter.serialNumber}{" "}
      <Tooltip title={t("detail.deviceRemovedHint")}>
        <Tag style={{ marginInlineEnd: 0 }}>{t("detail.deviceRemoved")}</Tag>
      </Tooltip>
    </span>
  );
}

/** When, from which device, which topic and why always show; the message itself as the width allows. */
export const deadLetterColumns = (
  t: TFunction,
  now: number,
  onOpen: (letter: TDeviceDeadLetter) => void,
): ListColumns<TDeviceDeadLetter> => [
  {
    key: "receivedAt",
    title: t("columns.receivedAt"),
    width: 140,
    priority: "key",
    render: (_value, letter) => <RelativeTime className="list-nowrap" value={letter.receivedAt} now={now} />,
  },
  {
    key: "serialNumber",
    title: t("columns.serialNumber"),
    width: 190,
    priority: "primary",
    render: (_value, letter) => <SerialNumber t={t} letter={letter} />,
  },
  {
    key: "topic",
    title: t("columns.topic"),
    width: 150,
    priority: "primary",
    render: (_value, letter) => (
      <Tooltip title={letter.topic}>
        <Tag style={{ marginInlineEnd: 0 }}>{topicName(t, letter.topic)}</Tag>
      </Tooltip>
    ),
  },
  {
    key: "error",
    title: t("columns.error"),
    priority: "primary",
    render: (_value, letter) => (
      <Typography.Paragraph style={{ marginBottom: 0 }} ellipsis={{ rows: 2, tooltip: letter.error }}>
        {letter.error}
      </Typography.Paragraph>
    ),
  },
  {
    key: "payload",
    title: t("columns.payload"),
    width: 300,
    priority: "secondary",
    render: (_value, letter) => (
      <Typography.Text className="dead-letter-preview" ellipsis>
        {payloadPreview(letter.payload) || t("detail.empty")}
      </Typography.Text>
    ),
  },
  {
    key: "details",
    title: t("columns.details"),
    width: 90,
    priority: "actions",
    render: (_value, letter) => (
      <Button type="link" size="small" style={{ paddingInline: 0 }} onClick={() => onOpen(letter)}>
        {t("detail.open")}
      </Button>
    ),
  },
];
