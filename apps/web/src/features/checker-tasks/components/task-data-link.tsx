import { FileSearchOutlined, LineChartOutlined } from "@ant-design/icons";
import type { TCheckerTask } from "@vrf/contract/hi-checker/tasks.ts";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { taskDataPath } from "../utils/task-paths.ts";

/**
 * A row's way to what its task gathered: "Messages" (MessageReport) for a capture, "Data"
 * (checkerData) for a collection; nothing before the checker started the task.
 */
export function TaskDataLink({ task }: { task: Pick<TCheckerTask, "id" | "kind" | "startedAt"> }) {
  const { t } = useTranslation("checkerTasks");
  const path = taskDataPath(task);
  if (path === null) return null;
  const capture = task.kind === "capture";
  return (
    <Link to={path} className="checker-tasks-row-link">
      {capture ? <FileSearchOutlined /> : <LineChartOutlined />}
      <span>{t(capture ? "actions.messages" : "actions.data")}</span>
    </Link>
  );
}
