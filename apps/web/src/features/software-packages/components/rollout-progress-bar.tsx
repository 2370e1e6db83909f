import type { TargetCounts } from "@vrf/contract/hi-checker/rollout-rules.ts";
import { Flex, Progress, Typography, theme } from "antd";
import { useTranslation } from "react-i18next";
import { rolloutProgress } from "../utils/rollout-progress.ts";

/**
 * A rollout's bar: its length the checkers whose update ended, green for the done ones and red
 * for the failed ones (antd's success segment over a red bar), then "ended/total" and the
 * failed count in words, so a failure is not read from the colour alone.
 */
export function RolloutProgressBar({ counts }: { counts: TargetCounts }) {
  const { t } = useTranslation("softwarePackages");
  const { token } = theme.useToken();
  const progress = rolloutProgress(counts);
  const label = t("rollouts.progressLabel", { done: progress.done, failed: progress.failed, total: progress.total });
  return (
    <Flex vertical gap={0} style={{ minWidth: 140 }}>
      <Progress
        percent={progress.endedPercent}
        success={{ percent: progress.donePercent, strokeColor: token.colorSuccess }}
        strokeColor={token.colorError}
        status="normal"
        size="small"
        aria-label={label}
        format={() => t("rollouts.progressText", { ended: progress.done + progress.failed, total: progress.total })}
      />
      {progress.failed > 0 && (
        <Typography.Text type="danger" className="software-packages-small">
          {t("rollouts.failed", { count: progress.failed })}
        </Typography.Text>
      )}
    </Flex>
  );
}
