import { Button, Drawer, Flex, Grid, Result, Skeleton, Space, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useErrorText } from "../../../lib/error-text.ts";
import { useDeviceEvents } from "../../../lib/use-device-events.ts";
import { useRollout } from "../api/use-rollouts.ts";
import { isEventOfRollout, rolloutDetailLive } from "../utils/live-keys.ts";
import { RolloutControl } from "./rollout-control.tsx";
import { RolloutSummary } from "./rollout-summary.tsx";
import { RolloutStateTag } from "./rollout-tags.tsx";
import { RolloutTargets } from "./rollout-targets.tsx";

/** One rollout (`rolloutId`, from the address): where it stands, pause or resume, and its checkers. */
export function RolloutDrawer({ rolloutId, onClose }: { rolloutId: string | null; onClose: () => void }) {
  const screens = Grid.useBreakpoint();
  return (
    <Drawer
      open={rolloutId !== null}
      onClose={onClose}
      size={screens.lg ? 1000 : "100%"}
      destroyOnHidden
      title={rolloutId ? <RolloutTitle rolloutId={rolloutId} /> : null}
      extra={rolloutId ? <RolloutExtra rolloutId={rolloutId} /> : null}
    >
      {rolloutId && <RolloutDetail rolloutId={rolloutId} />}
    </Drawer>
  );
}

function RolloutTitle({ rolloutId }: { rolloutId: string }) {
  const { t } = useTranslation("softwarePackages");
  const rollout = useRollout(rolloutId).data;
  if (!rollout) return <span>{t("tabs.rollouts")}</span>;
  return (
    <Space size={8} wrap>
      <span>{t("rollout.title", { version: rollout.version })}</span>
      <RolloutStateTag state={rollout.state} />
    </Space>
  );
}

function RolloutExtra({ rolloutId }: { rolloutId: string }) {
  const rollout = useRollout(rolloutId).data;
  return rollout ? <RolloutControl rollout={rollout} /> : null;
}

function RolloutDetail({ rolloutId }: { rolloutId: string }) {
  const { t } = useTranslation("softwarePackages");
  const errorText = useErrorText();
  const rollout = useRollout(rolloutId);
  useDeviceEvents(rolloutDetailLive(rolloutId), { match: isEventOfRollout(rolloutId) });

  if (rollout.isPending) return <Skeleton active />;
  if (!rollout.data) {
    return (
      <Result
        status="warning"
        title={t("rollout.loadFailed")}
        subTitle={errorText(rollout.error)}
        extra={
          <Button type="primary" onClick={() => void rollout.refetch()}>
            {t("actions.refresh")}
          </Button>
        }
      />
    );
  }
  return (
    <Flex vertical gap={24}>
      <RolloutSummary rollout={rollout.data} />
      <div>
        <Typography.Title level={5}>{t("rollout.targets")}</Typography.Title>
        <RolloutTargets rolloutId={rolloutId} rolloutState={rollout.data.state} />
      </div>
    </Flex>
  );
}
