import { ArrowLeftOutlined } from "@ant-design/icons";
import type { TCheckerTask } from "@vrf/contract/hi-checker/tasks.ts";
import { toThousands } from "@vrf/contract/number.ts";
import { formatDateTime } from "@vrf/contract/time.ts";
import { Button, Card, Descriptions, Flex, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { gatheredOf } from "../utils/task-display.ts";
import { taskListPathOf } from "../utils/task-paths.ts";
import { CheckerCell } from "./checker-cell.tsx";
import { StopTaskButton } from "./stop-task-button.tsx";
import { TaskReportsButton } from "./task-reports-button.tsx";
import { TaskStatusTag } from "./task-status-tag.tsx";
import { bytesText, durationText } from "./task-texts.ts";

const muted = (text: string) => <Typography.Text type="secondary">{text}</Typography.Text>;

/**
 * The task a report or data page is about: its name, kind and state, its checker, its period
 * (from the checker's start to its end, or "now" while it runs), what it gathered and the storage
 * that takes. Back to the task list it belongs to; a task under way can be stopped from here, and
 * an ended one has its data reports.
 */
export function TaskHeader({ task }: { task: TCheckerTask }) {
  const { t } = useTranslation("checkerTasks");
  const navigate = useNavigate();
  const { key, count } = gatheredOf(task);

  // The start and the end each stay whole; a narrow screen puts the end below the start.
  const period =
    task.startedAt === null ? (
      muted(t(task.status === "failed" ? "header.neverStarted" : "header.notStarted"))
    ) : (
      <span>
        <span className="checker-tasks-nowrap">{formatDateTime(task.startedAt)}</span>{" "}
        <span className="checker-tasks-nowrap">– {task.endedAt ? formatDateTime(task.endedAt) : t("header.now")}</span>
      </span>
    );

  const items = [
    { key: "checker", label: t("header.checker"), children: <CheckerCell task={task} /> },
    { key: "period", label: t("header.period"), children: period },
    {
      key: "endAt",
      label: t("header.plannedEnd"),
      children: <span className="checker-tasks-nowrap">{formatDateTime(task.endAt)}</span>,
    },
    { key: "interval", label: t("header.interval"), children: durationText(t, task.intervalS) },
    {
      key: "gathered",
      label: t(`header.${key}`),
      children: toThousands(count),
    },
    { key: "storage", label: t("header.storage"), children: bytesText(t, task.storedBytes) },
    ...(task.status === "failed" && task.failure
      ? [
          {
            key: "failure",
            label: t("header.failure"),
            children: <Typography.Text type="danger">{t(`failure.${task.failure}`)}</Typography.Text>,
          },
        ]
      : []),
    ...(task.project ? [{ key: "project", label: t("header.project"), children: task.project.name }] : []),
    ...(task.notes
      ? [
          {
            key: "notes",
            label: t("header.notes"),
            span: "filled" as const,
            children: <span className="checker-tasks-notes">{task.notes}</span>,
          },
        ]
      : []),
  ];

  return (
    <Card variant="borderless" className="checker-tasks-header">
      <Flex gap={12} wrap align="center" justify="space-between" className="checker-tasks-header-top">
        <Flex gap={8} wrap align="center" className="checker-tasks-header-title">
          <Typography.Title level={4}>{task.name}</Typography.Title>
          <Tag>{t(`kind.${task.kind}`)}</Tag>
          <TaskStatusTag status={task.status} />
        </Flex>
        <Flex gap={12} wrap align="center">
          <StopTaskButton task={task} />
          <TaskReportsButton task={task} />
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(taskListPathOf(task))}>
            {t("header.back")}
          </Button>
        </Flex>
      </Flex>
      <Descriptions bordered size="small" column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 3, xxl: 3 }} items={items} />
    </Card>
  );
}
