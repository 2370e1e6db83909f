import { TOPIC_ROOT } from "@vrf/contract/device/protocol.ts";
import type { TDeviceDeadLetter } from "@vrf/contract/device-dead-letters/list.ts";
import { toThousands } from "@vrf/contract/number.ts";
import { formatDateTime } from "@vrf/contract/time.ts";
import { Descriptions, Flex, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { DetailDrawer, DetailText } from "../../../components/detail-drawer.tsx";
import { SerialNumber, topicName } from "./dead-letter-columns.tsx";

/**
 * One rejected message in full, for the device's maker: which device sent what on which topic,
 * the database's reason, and the message as received (copyable, one long line wraps).
 */
export function DeadLetterDrawer({ letter, onClose }: { letter: TDeviceDeadLetter | null; onClose: () => void }) {
  const { t } = useTranslation("deviceDeadLetters");
  return (
    <DetailDrawer open={letter !== null} onClose={onClose} title={t("detail.title")}>
      {letter && (
        <>
          <Descriptions
            column={1}
            size="small"
            bordered
            items={[
              { key: "receivedAt", label: t("columns.receivedAt"), children: formatDateTime(letter.receivedAt) },
              {
                key: "serialNumber",
                label: t("columns.serialNumber"),
                children: <SerialNumber t={t} letter={letter} />,
              },
              { key: "topic", label: t("columns.topic"), children: topicName(t, letter.topic) },
              {
                key: "mqttTopic",
                label: t("detail.mqttTopic"),
                children: (
                  <Typography.Text code copyable>
                    {`${TOPIC_ROOT}/${letter.serialNumber}/${letter.topic}`}
                  </Typography.Text>
                ),
              },
              {
                key: "size",
                label: t("detail.size"),
                children: t("detail.bytes", {
                  count: letter.payloadBytes,
                  formatted: toThousands(letter.payloadBytes),
                }),
              },
            ]}
          />
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            {t("detail.error")}
          </Typography.Title>
          <DetailText className="dead-letter-error" text={letter.error} wrap />
          <Flex align="baseline" justify="space-between" style={{ marginTop: 24, marginBottom: 8 }}>
            <Typography.Title level={5} style={{ margin: 0 }}>
              {t("detail.payload")}
            </Typography.Title>
            {letter.payload && <Typography.Text copyable={{ text: letter.payload }} />}
          </Flex>
          {letter.payload ? (
            <DetailText className="dead-letter-payload" text={letter.payload} wrap />
          ) : (
            <Typography.Text type="secondary">{t("detail.empty")}</Typography.Text>
          )}
        </>
      )}
    </DetailDrawer>
  );
}
