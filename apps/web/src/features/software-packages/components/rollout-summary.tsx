import { TARGET_STATES } from "@vrf/contract/hi-checker/rollout-rules.ts";
import type { TRollout } from "@vrf/contract/hi-checker/rollouts.ts";
import { formatDateTime } from "@vrf/contract/time.ts";
import { Alert, Descriptions, Flex, Statistic, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { haltedExplanation, rolloutProgress } from "../utils/rollout-progress.ts";
import { RolloutProgressBar } from "./rollout-progress-bar.tsx";

/** A rollout's state in words when it needs some: halted (why), paused, finished. */
function RolloutNotice({ rollout }: { rollout: TRollout }) {
  const { t } = useTranslation("softwarePackages");
  if (rollout.state === "halted") {
    return (
      <Alert
        type="error"
        showIcon
        title={t("rollout.halted", haltedExplanation(rollout))}
        description={t("rollout.haltedHint")}
      />
    );
  }
  if (rollout.state === "paused") return <Alert type="warning" showIcon title={t("rollout.paused")} />;
  if (rollout.state === "finished") {
    const { done, failed, total } = rolloutProgress(rollout.counts);
    return (
      <Alert
        type={failed > 0 ? "warning" : "success"}
        showIcon
        title={t("rollout.finished", { done, failed, total })}
      />
    );
  }
  return null;
}

/** The rollout's counts by state, its bar, its limits and who started it when. */
export function RolloutSummary({ rollout }: { rollout: TRollout }) {
  const { t } = useTranslation("softwarePackages");
  return (
    <Flex vertical gap={16}>
      <RolloutNotice rollout={rollout} />
      <Flex gap={24} wrap>
        {TARGET_STATES.map((state) => (
          <Statistic
            key={state}
            title={t(`targetStates.${state}`)}
            value={rollout.counts[state]}
            styles={
              state === "failed" && rollout.counts.failed > 0
                ? { content: { color: "var(--ant-color-error, #ff4d4f)" } }
                : undefined
            }
          />
        ))}
      </Flex>
      <RolloutProgressBar counts={rollout.counts} />
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2 }}
        items={[
          { key: "file", label: t("rollout.file"), children: rollout.fileName },
          { key: "share", label: t("rollout.failureShare"), children: `${rollout.failureSharePercent}%` },
          {
            key: "inFlight",
            label: t("rollout.maxInFlight"),
            children: t("rollout.maxInFlightValue", { count: rollout.maxInFlight }),
          },
          {
            key: "createdBy",
            label: t("rollout.createdBy"),
            children: rollout.createdBy || (
              <Typography.Text type="secondary">{t("list.formerAccount")}</Typography.Text>
            ),
          },
          { key: "createdAt", label: t("rollout.createdAt"), children: formatDateTime(rollout.createdAt) },
          ...(rollout.endedAt
            ? [{ key: "endedAt", label: t("rollout.endedAt"), children: formatDateTime(rollout.endedAt) }]
            : []),
        ]}
      />
    </Flex>
  );
}
