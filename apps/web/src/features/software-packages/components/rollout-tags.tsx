import { SyncOutlined } from "@ant-design/icons";
import type { TRolloutState, TTargetState } from "@vrf/contract/hi-checker/rollout-rules.ts";
import { Badge, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { ROLLOUT_STATE_COLOURS, TARGET_STATE_COLOURS } from "../utils/rollout-progress.ts";

/** A rollout's state in words and colour; turning while it runs. */
export function RolloutStateTag({ state }: { state: TRolloutState }) {
  const { t } = useTranslation("softwarePackages");
  return (
    <Tag
      color={ROLLOUT_STATE_COLOURS[state]}
      variant="filled"
      icon={state === "running" ? <SyncOutlined spin /> : undefined}
    >
      {t(`rolloutStates.${state}`)}
    </Tag>
  );
}

/** One checker's update state in words and colour. */
export function TargetStateTag({ state }: { state: TTargetState }) {
  const { t } = useTranslation("softwarePackages");
  return (
    <Tag color={TARGET_STATE_COLOURS[state]} variant="filled">
      {t(`targetStates.${state}`)}
    </Tag>
  );
}

/** A checker's connection: a green or grey dot with its word (the word is what a screen reader reads). */
export function ConnectionDot({ online }: { online: boolean }) {
  const { t } = useTranslation("softwarePackages");
  return (
    <Badge
      status={online ? "success" : "default"}
      text={t(online ? "connection.online" : "connection.offline")}
      className="software-packages-nowrap"
    />
  );
}
