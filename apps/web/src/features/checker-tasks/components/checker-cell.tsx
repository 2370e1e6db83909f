import type { TCheckerTask } from "@vrf/contract/hi-checker/tasks.ts";
import { Link } from "react-router";
import { checkerDetailPath } from "../utils/task-paths.ts";

/** A task's checker: its Wi-Fi id and alias, opening the checker's page. */
export function CheckerCell({ task }: { task: Pick<TCheckerTask, "deviceId" | "deviceCode" | "deviceAlias"> }) {
  return (
    <Link to={checkerDetailPath(task.deviceId)} className="checker-tasks-checker">
      <span className="checker-tasks-mono">{task.deviceCode}</span>
      {task.deviceAlias ? <span className="checker-tasks-muted">{task.deviceAlias}</span> : null}
    </Link>
  );
}
