import type { TStatusChange } from "@vrf/contract/devices/common.ts";
import { formatDateTime } from "@vrf/contract/time.ts";
import { Card, Empty, Timeline } from "antd";
import { useTranslation } from "react-i18next";
import { statusColour } from "../utils/device-display.ts";

const TIMELINE_COLOURS: Record<string, string> = {
  success: "green",
  error: "red",
  default: "gray",
  processing: "blue",
};

/** The device's most recent status changes, newest first. */
export function StatusHistory({ history }: { history: TStatusChange[] }) {
  const { t } = useTranslation("devices");
  return (
    <Card variant="borderless" className="devices-card devices-history" title={t("detail.statusHistory")}>
      {history.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("detail.noHistory")} />
      ) : (
        <Timeline
          items={history.map((change, i) => ({
            key: `${change.at}-${i}`,
            color: TIMELINE_COLOURS[statusColour(change.status)] ?? "blue",
            content: (
              <div>
                <div>{t(`status.${change.status}`, { defaultValue: change.status })}</div>
                <div className="devices-muted">{formatDateTime(change.at)}</div>
              </div>
            ),
          }))}
        />
      )}
    </Card>
  );
}
