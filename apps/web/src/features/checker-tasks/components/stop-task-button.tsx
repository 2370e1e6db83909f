import { StopOutlined } from "@ant-design/icons";
import type { TCheckerTask } from "@vrf/contract/hi-checker/tasks.ts";
import { App, Button, Popconfirm, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useErrorText } from "../../../lib/error-text.ts";
import { useStopCheckerTask } from "../api/use-stop-checker-task.ts";
import { isStoppable } from "../utils/task-display.ts";

/** Stop, after the user confirms; a task on its way to stopping says so instead. */
export function StopTaskButton({ task }: { task: TCheckerTask }) {
  const { t } = useTranslation("checkerTasks");
  const { message } = App.useApp();
  const errorText = useErrorText();
  const stop = useStopCheckerTask();

  if (task.status === "stopping") {
    return <Typography.Text type="secondary">{t("stop.stopping")}</Typography.Text>;
  }
  if (!isStoppable(task.status)) return null;

  const confirm = async () => {
    try {
      await stop.mutateAsync(task.id);
      void message.success(t("stop.sent", { checker: task.deviceAlias || task.deviceCode }));
    } catch (error) {
      void message.error(errorText(error));
    }
  };

  return (
    <Popconfirm
      title={t("stop.title", { name: task.name })}
      description={t("stop.description")}
      okText={t("stop.ok")}
      cancelText={t("stop.cancel")}
      okButtonProps={{ danger: true }}
      onConfirm={confirm}
    >
      <Button type="link" size="small" danger icon={<StopOutlined />} style={{ paddingInline: 0 }}>
        {t("stop.action")}
      </Button>
    </Popconfirm>
  );
}
