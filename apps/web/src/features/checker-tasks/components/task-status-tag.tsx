import { SyncOutlined } from "@ant-design/icons";
import type { TTaskStatus } from "@vrf/contract/hi-checker/tasks.ts";
import { Tag } from "antd";
import { useTranslation } from "react-i18next";
import { isTaskInTransit, TASK_STATUS_COLOURS } from "../utils/task-display.ts";

/** A task's state in words and colour; turning while its checker has yet to answer a start or stop. */
export function TaskStatusTag({ status }: { status: TTaskStatus }) {
  const { t } = useTranslation("checkerTasks");
  return (
    <Tag
      color={TASK_STATUS_COLOURS[status]}
      variant="filled"
      icon={isTaskInTransit(status) ? <SyncOutlined spin /> : undefined}
    >
      {t(`status.${status}`, { defaultValue: status })}
    </Tag>
  );
}
