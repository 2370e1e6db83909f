import { formatDateTime } from "@vrf/contract/time.ts";
import { Tooltip } from "antd";
import { useTranslation } from "react-i18next";
import { relativeTimeText } from "../../../lib/relative-time.ts";

/** When a device last reported a unit, as SPEC's relative time; the exact time on hover. */
export function LastReport({ at, now }: { at: string | null; now: number }) {
  const { t } = useTranslation("devices");
  if (at === null) return <span className="devices-muted">{t("list.notReported")}</span>;
  return (
    <Tooltip title={formatDateTime(at)}>
      <time dateTime={at}>{relativeTimeText(t, at, now)}</time>
    </Tooltip>
  );
}
