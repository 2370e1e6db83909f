import { formatDateTime, toMillis } from "@vrf/contract/time.ts";
import { Tooltip } from "antd";
import { useTranslation } from "react-i18next";
import { relativeTimeText, useNow } from "../lib/relative-time.ts";

/**
 * A moment as SPEC section 9's relative time ("5 min ago", then the date), the full local
 * date and time on hover. Without `now` it keeps itself current; a list passes one `now`
 * for all its rows.
 */
export function RelativeTime({
  value,
  now,
  className,
}: {
  value: number | string | Date;
  now?: number | undefined;
  className?: string | undefined;
}) {
  const { t } = useTranslation();
  const ownNow = useNow();
  const at = toMillis(value);
  if (Number.isNaN(at)) return null;
  return (
    <Tooltip title={formatDateTime(at)}>
      <time className={className} dateTime={new Date(at).toISOString()}>
        {relativeTimeText(t, at, now ?? ownNow)}
      </time>
    </Tooltip>
  );
}
