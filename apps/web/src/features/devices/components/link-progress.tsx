import { PROGRESS_STAGES } from "@vrf/contract/device/messages.ts";
import { formatDateTime } from "@vrf/contract/time.ts";
import { Progress, Steps, Tooltip, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { type LinkProgress, linkPercent, linkPhase, linkStageIndex } from "../utils/link-progress.ts";

interface LinkProgressProps {
  progress: LinkProgress | null;
  /** The checker's state now: an offline checker is not connecting. */
  status: string;
  now: number;
}

/**
 * A checker connecting to its VRF system (SPEC section 4's firmware steps): a bar to 100 % and the
 * five stages, while steps come in; "connected, normal control" for a short while after the last.
 * The checker's detail refreshes on each progress event, so this moves on live.
 */
export function LinkProgressPanel({ progress, status, now }: LinkProgressProps) {
  const { t } = useTranslation("devices");
  const phase = linkPhase(progress, status, now);
  if (!phase || !progress) return null;
  const percent = linkPercent(progress.step);
  const index = linkStageIndex(progress.step);
  const connected = phase === "connected";
  const stage = t(`link.stages.${PROGRESS_STAGES[index]}`);
  return (
    <section className="devices-link-progress" aria-label={t("link.title")} data-link-phase={phase}>
      <div className="devices-link-progress-head">
        <Typography.Text strong>{connected ? t("link.connected") : t("link.connecting", { stage })}</Typography.Text>
        <Typography.Text type="secondary">
          {t(connected ? "link.connectedAt" : "link.reportedAt", { time: formatDateTime(progress.at) })}
        </Typography.Text>
      </div>
      <Progress
        percent={percent}
        status={connected ? "success" : "active"}
        aria-label={t("link.percentLabel", { percent })}
      />
      <Steps
        size="small"
        current={index}
        status={connected ? "finish" : "process"}
        items={PROGRESS_STAGES.map((name) => ({ key: name, title: t(`link.stages.${name}`) }))}
      />
    </section>
  );
}

/** The checker list's small sign of a connection under way: a ring with the percent, the stage on hover. */
export function LinkProgressBadge({ progress, status, now }: LinkProgressProps) {
  const { t } = useTranslation("devices");
  if (!progress || linkPhase(progress, status, now) !== "connecting") return null;
  const percent = linkPercent(progress.step);
  const text = t("link.listConnecting", {
    stage: t(`link.stages.${PROGRESS_STAGES[linkStageIndex(progress.step)]}`),
    percent,
  });
  return (
    <Tooltip title={text}>
      <span className="devices-link-badge">
        <Progress type="circle" percent={percent} size={20} showInfo={false} aria-label={text} />
        <span className="devices-muted" aria-hidden>
          {percent}%
        </span>
      </span>
    </Tooltip>
  );
}

/** The last connection step a checker reported: its stage, percent and time ("—" when none yet). */
export function LinkProgressSummary({ progress }: { progress: LinkProgress | null }) {
  const { t } = useTranslation("devices");
  if (!progress) return <span className="devices-muted">—</span>;
  const percent = linkPercent(progress.step);
  return (
    <span>
      {t("link.summary", { stage: t(`link.stages.${PROGRESS_STAGES[linkStageIndex(progress.step)]}`), percent })}
      <span className="devices-muted"> · {formatDateTime(progress.at)}</span>
    </span>
  );
}
