import { CaretRightOutlined, PauseOutlined } from "@ant-design/icons";
import type { TRollout } from "@vrf/contract/hi-checker/rollouts.ts";
import { App, Button, Popconfirm } from "antd";
import { useTranslation } from "react-i18next";
import { useErrorText } from "../../../lib/error-text.ts";
import { useRolloutControl } from "../api/use-rollout-writes.ts";
import { rolloutAction } from "../utils/rollout-progress.ts";

/** Pause (running) or Resume (paused), after the user confirms; nothing for a rollout that ended. */
export function RolloutControl({ rollout }: { rollout: TRollout }) {
  const { t } = useTranslation("softwarePackages");
  const { message } = App.useApp();
  const errorText = useErrorText();
  const control = useRolloutControl();
  const action = rolloutAction(rollout.state);
  if (!action) return null;

  const confirm = async () => {
    try {
      await control.mutateAsync({ id: rollout.id, action });
      void message.success(t(action === "pause" ? "rollout.pausedDone" : "rollout.resumedDone"));
    } catch (error) {
      void message.error(
        t(action === "pause" ? "rollout.pauseFailed" : "rollout.resumeFailed", { reason: errorText(error) }),
      );
    }
  };

  return (
    <Popconfirm
      title={t(action === "pause" ? "rollout.pauseTitle" : "rollout.resumeTitle")}
      description={t(action === "pause" ? "rollout.pauseText" : "rollout.resumeText")}
      okText={t(action === "pause" ? "rollout.pause" : "rollout.resume")}
      cancelText={t("actions.cancel")}
      onConfirm={confirm}
    >
      <Button
        type={action === "resume" ? "primary" : "default"}
        icon={action === "pause" ? <PauseOutlined /> : <CaretRightOutlined />}
        loading={control.isPending}
      >
        {t(action === "pause" ? "rollout.pause" : "rollout.resume")}
      </Button>
    </Popconfirm>
  );
}
