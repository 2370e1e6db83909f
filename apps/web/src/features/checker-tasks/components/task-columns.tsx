import type { TCheckerTask } from "@vrf/contract/hi-checker/tasks.ts";
import { toThousands } from "@vrf/contract/number.ts";
import { formatDateTime } from "@vrf/contract/time.ts";
import { Flex, Progress, Tooltip, Typography } from "antd";
import type { TFunction } from "i18next";
import type { ListColumn, ListColumns } from "../../../components/list-table.tsx";
import type { TaskListKind } from "../utils/list-query.ts";
import { elapsedPercent, gatheredOf, ranSeconds } from "../utils/task-display.ts";
import { CheckerCell } from "./checker-cell.tsx";
import { StopTaskButton } from "./stop-task-button.tsx";
import { TaskDataLink } from "./task-data-link.tsx";
import { TaskReportsButton } from "./task-reports-button.tsx";
import { TaskStatusTag } from "./task-status-tag.tsx";
import { bytesText, durationText } from "./task-texts.ts";

type Column = ListColumn<TCheckerTask>;

const dash = <Typography.Text type="secondary">—</Typography.Text>;
const time = (value: string | null) => (value ? <span className="list-nowrap">{formatDateTime(value)}</span> : dash);

function ElapsedProgress({ task, now, t }: { task: TCheckerTask; now: number; t: TFunction }) {
  const percent = elapsedPercent(task.startedAt, task.endAt, now);
  if (percent === null) return <Typography.Text type="secondary">{t("progress.waiting")}</Typography.Text>;
  return (
    <Tooltip title={t("progress.tooltip", { percent })}>
      <div className="checker-tasks-progress">
        <Progress percent={percent} size="small" status={task.status === "stopping" ? "normal" : "active"} />
      </div>
    </Tooltip>
  );
}

/**
 * The columns of a task list. Both lists: the task, its checker, kind, interval, state, start,
 * what it gathered and the storage it takes, and project. The open list adds its end time, how
 * much of its time has passed and the stop action; the history why a failed task failed, when
 * it ended, how long it ran and the end time it had been given. Both link a started task to what
 * it gathered (its messages or its data). `now` moves the progress on.
 */
export const taskColumns = (t: TFunction, list: TaskListKind, now: number): ListColumns<TCheckerTask> => {
  const name: Column = {
    key: "name",
    title: t("columns.name"),
    width: 180,
    priority: "key",
    render: (_v, task) => (
      <Typography.Text strong ellipsis={{ tooltip: task.notes ? `${task.name}\n${task.notes}` : task.name }}>
        {task.name}
      </Typography.Text>
    ),
  };
  const checker: Column = {
    key: "checker",
    title: t("columns.checker"),
    width: 180,
    priority: "primary",
    render: (_v, task) => <CheckerCell task={task} />,
  };
  const kind: Column = {
    key: "kind",
    title: t("columns.kind"),
    width: 130,
    priority: "primary",
    render: (_v, task) => t(`kind.${task.kind}`),
  };
  const status: Column = {
    key: "status",
    title: t("columns.status"),
    width: 120,
    priority: "primary",
    render: (_v, task) => <TaskStatusTag status={task.status} />,
  };
  const gathered: Column = {
    key: "gathered",
    title: t("columns.gathered"),
    width: 130,
    priority: "secondary",
    render: (_v, task) => {
      const { key, count } = gatheredOf(task);
      return t(`gathered.${key}`, { count, value: toThousands(count) });
    },
  };
  const storage: Column = {
    key: "storage",
    title: t("columns.storage"),
    width: 120,
    priority: "secondary",
    render: (_v, task) => bytesText(t, task.storedBytes),
  };
  const interval: Column = {
    key: "interval",
    title: t("columns.interval"),
    width: 110,
    priority: "secondary",
    render: (_v, task) => durationText(t, task.intervalS),
  };
  const startedAt: Column = {
    key: "startedAt",
    title: t("columns.startedAt"),
    width: 170,
    priority: "secondary",
    render: (_v, task) => time(task.startedAt),
  };
  const project: Column = {
    key: "project",
    title: t("columns.project"),
    width: 170,
    priority: "optional",
    ellipsis: true,
    render: (_v, task) => task.project?.name ?? dash,
  };

  if (list === "open") {
    return [
      name,
      checker,
      kind,
      interval,
      status,
      startedAt,
      {
        key: "endAt",
        title: t("columns.endAt"),
        width: 170,
        priority: "primary",
        render: (_v, task) => time(task.endAt),
      },
      {
        key: "progress",
        title: t("columns.progress"),
        width: 160,
        priority: "primary",
        render: (_v, task) => <ElapsedProgress task={task} now={now} t={t} />,
      },
      gathered,
      storage,
      project,
      {
        key: "actions",
        title: t("columns.actions"),
        width: 170,
        priority: "actions",
        render: (_v, task) => (
          <Flex gap={12} align="center" wrap>
            <TaskDataLink task={task} />
            <StopTaskButton task={task} />
          </Flex>
        ),
      },
    ];
  }

  // The history fits what ended and how it went first; the start and the interval as room allows.
  return [
    name,
    checker,
    kind,
    status,
    { ...startedAt, priority: "optional" },
    {
      key: "endedAt",
      title: t("columns.endedAt"),
      width: 170,
      priority: "primary",
      render: (_v, task) => time(task.endedAt),
    },
    {
      key: "duration",
      title: t("columns.duration"),
      width: 120,
      priority: "secondary",
      render: (_v, task) => {
        const seconds = ranSeconds(task);
        return seconds === null ? dash : durationText(t, seconds);
      },
    },
    gathered,
    {
      key: "failure",
      title: t("columns.failure"),
      width: 180,
      priority: "secondary",
      render: (_v, task) =>
        task.status === "failed" && task.failure ? (
          <Typography.Text type="danger">{t(`failure.${task.failure}`)}</Typography.Text>
        ) : (
          dash
        ),
    },
    storage,
    { ...interval, priority: "optional" },
    project,
    {
      key: "endAt",
      title: t("columns.plannedEnd"),
      width: 170,
      priority: "optional",
      render: (_v, task) => time(task.endAt),
    },
    {
      key: "actions",
      title: t("columns.actions"),
      width: 120,
      priority: "actions",
      // One action a line: the row is two lines high for its checker anyway, and the width stays
      // for what the task gathered.
      render: (_v, task) => (
        <Flex vertical gap={2} align="flex-start">
          <TaskDataLink task={task} />
          <TaskReportsButton task={task} />
        </Flex>
      ),
    },
  ];
};
