import type { TSubDistributor } from "@vrf/contract/sub-distributors/sub-distributors.ts";
import { Button, Drawer, Empty, Flex, Grid, Result, Skeleton, Timeline, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { RelativeTime } from "../../../components/relative-time.tsx";
import { useErrorText } from "../../../lib/error-text.ts";
import { useSubDistributorEvents } from "../api/use-sub-distributor-events.ts";
import { type EventKind, eventKindOf } from "../utils/link-status.ts";
import { StatusTag } from "./status-tag.tsx";

const EVENT_COLOR: Readonly<Record<EventKind, string>> = {
  added: "gray",
  submitted: "blue",
  accepted: "green",
  returned: "red",
  released: "orange",
  changed: "gray",
};

interface HistoryDrawerProps {
  open: boolean;
  /** The entry whose history is shown; kept while the drawer closes so it does not go blank. */
  link: TSubDistributor | null;
  onClose: () => void;
}

export function HistoryDrawer({ open, link, onClose }: HistoryDrawerProps) {
  const { t } = useTranslation("subDistributors");
  const errorText = useErrorText();
  const screens = Grid.useBreakpoint();
  const events = useSubDistributorEvents(link?.id ?? null);

  const body = () => {
    if (events.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
    if (events.isError) {
      return (
        <Result
          status="warning"
          title={t("history.loadFailed")}
          subTitle={errorText(events.error)}
          extra={<Button onClick={() => void events.refetch()}>{t("common:actions.retry")}</Button>}
        />
      );
    }
    if (events.data.list.length === 0) return <Empty description={t("history.empty")} />;
    return (
      <Timeline
        items={events.data.list.map((event) => {
          const kind = eventKindOf(event.fromStatus, event.toStatus);
          return {
            key: event.id,
            color: EVENT_COLOR[kind],
            content: (
              <Flex vertical gap={2}>
                <Flex wrap justify="space-between" gap="0 12px">
                  <Typography.Text strong>
                    {kind === "changed"
                      ? t("history.changed", { status: t(`status.${event.toStatus}`) })
                      : t(`history.${kind}`)}
                  </Typography.Text>
                  <Typography.Text type="secondary">
                    <RelativeTime value={event.createdAt} />
                  </Typography.Text>
                </Flex>
                <Typography.Text type="secondary" style={{ wordBreak: "break-word" }}>
                  {t("history.by", {
                    actor: event.actorName ? `${event.actorName} (${event.actorEmail})` : event.actorEmail,
                  })}
                </Typography.Text>
                {event.reason && (
                  <Typography.Paragraph style={{ margin: 0, whiteSpace: "pre-wrap" }}>
                    {t("history.reason", { reason: event.reason })}
                  </Typography.Paragraph>
                )}
              </Flex>
            ),
          };
        })}
      />
    );
  };

  return (
    <Drawer
      open={open && link !== null}
      onClose={onClose}
      size={screens.sm ? 480 : "100%"}
      destroyOnHidden
      title={t("history.title")}
    >
      {link && (
        <Flex vertical gap={4} style={{ marginBottom: 20 }}>
          <Flex wrap align="center" gap={8}>
            <Typography.Text strong style={{ wordBreak: "break-all" }}>
              {link.email}
            </Typography.Text>
            <StatusTag status={link.status} />
          </Flex>
          <Typography.Text type="secondary">{link.organisationName}</Typography.Text>
        </Flex>
      )}
      {link && body()}
    </Drawer>
  );
}
