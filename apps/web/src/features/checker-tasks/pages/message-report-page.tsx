import { DownloadOutlined, ReloadOutlined } from "@ant-design/icons";
import { FRAME_EXPORT_MAX, type TFrame } from "@vrf/contract/hi-checker/task-data.ts";
import type { TCheckerTask } from "@vrf/contract/hi-checker/tasks.ts";
import { toThousands } from "@vrf/contract/number.ts";
import { App, Button, Card, Empty, Flex, Grid, Tooltip, Typography } from "antd";
import { useCallback, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { useErrorText } from "../../../lib/error-text.ts";
import { useDeviceEvents } from "../../../lib/use-device-events.ts";
import { useCheckerTask } from "../api/use-checker-task.ts";
import { useCheckerUnits } from "../api/use-checker-units.ts";
import { useExportTaskFrames, useTaskFrames } from "../api/use-task-frames.ts";
import { DataTable } from "../components/data-table.tsx";
import { frameColumns } from "../components/frame-columns.tsx";
import { FrameFilters } from "../components/frame-filters.tsx";
import { TaskHeader } from "../components/task-header.tsx";
import { TaskPageLoading, TaskPageProblem, WrongKindNotice } from "../components/task-page-states.tsx";
import { durationText } from "../components/task-texts.ts";
import { exportFileName } from "../utils/export-files.ts";
import {
  FRAME_PAGE_SIZES,
  type FrameQueryState,
  hasFrameFilters,
  readFrameQuery,
  taskIdFromQuery,
  toFrameFilter,
  toFrameRequest,
  withoutFrameFilters,
  writeFrameQuery,
} from "../utils/frame-query.ts";
import { frameReportLive, isEventOfTask } from "../utils/live-keys.ts";
import { gatheredEmpty } from "../utils/task-display.ts";
import "../components/checker-tasks.css";
import "../components/task-data.css";

/**
 * MessageReport (`?taskId=`): a capture task's bus frames. The task above; filters by address,
 * command and bytes (kept in the address bar with the page); the frames a server page at a time,
 * exported as CSV with the same filters. While the task runs, its task events bring new frames.
 */
export default function MessageReportPage() {
  const [params] = useSearchParams();
  const taskId = taskIdFromQuery(params.get("taskId"));
  const task = useCheckerTask(taskId);
  // Its frames come with its state: an event of this task is both.
  useDeviceEvents(frameReportLive(taskId ?? ""), { match: isEventOfTask(taskId ?? "") });

  if (taskId === null) return <TaskPageProblem error={null} onRetry={() => undefined} />;
  if (task.isLoading) return <TaskPageLoading />;
  if (!task.data) return <TaskPageProblem error={task.error} onRetry={() => void task.refetch()} />;
  if (task.data.kind !== "capture") {
    return (
      <Flex vertical gap={16} className="checker-tasks-page">
        <TaskHeader task={task.data} />
        <WrongKindNotice task={task.data} />
      </Flex>
    );
  }
  return <FrameReport task={task.data} />;
}

function FrameReport({ task }: { task: TCheckerTask }) {
  const { t } = useTranslation("checkerTasks");
  const { message } = App.useApp();
  const errorText = useErrorText();
  const screens = Grid.useBreakpoint();
  const [params, setParams] = useSearchParams();
  const serialised = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the serialised query is the identity of the state.
  const state = useMemo(() => readFrameQuery(params), [serialised]);
  const request = useMemo(() => toFrameRequest(task.id, state), [task.id, state]);
  const frames = useTaskFrames(request);
  const units = useCheckerUnits(task.deviceId);
  const exporter = useExportTaskFrames();
  const columns = useMemo(() => frameColumns(t, state.pattern), [t, state.pattern]);
  const filtered = hasFrameFilters(state);

  const update = useCallback(
    (next: Partial<FrameQueryState>, keepPage = false) =>
      setParams(writeFrameQuery(task.id, { ...state, ...next, page: keepPage ? (next.page ?? state.page) : 1 }), {
        replace: true,
      }),
    [setParams, state, task.id],
  );
  const reset = () => update(withoutFrameFilters(state));

  const total = frames.data?.total ?? 0;
  const exportFrames = async () => {
    if (total > FRAME_EXPORT_MAX) {
      void message.error(t("frames.exportTooMany", { max: toThousands(FRAME_EXPORT_MAX) }));
      return;
    }
    try {
      await exporter.mutateAsync({
        filter: toFrameFilter(task.id, state),
        filename: exportFileName(t("frames.exportFile"), task.name, "csv", new Date()),
      });
    } catch (error) {
      void message.error(t("export.failed", { reason: errorText(error) }));
    }
  };

  const emptyKey = gatheredEmpty(task, filtered);
  const empty = (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={t(`frames.empty.${emptyKey}`, { interval: durationText(t, task.intervalS) })}
    >
      {filtered && <Button onClick={reset}>{t("filters.reset")}</Button>}
    </Empty>
  );

  return (
    <Flex vertical gap={16} className="checker-tasks-page checker-tasks-data-page">
      <TaskHeader task={task} />
      <Card variant="borderless" styles={{ body: { paddingBottom: 0 } }}>
        <FrameFilters value={state} onChange={update} units={units.data} unitsLoading={units.isLoading} />
      </Card>
      <Card variant="borderless">
        <Flex gap={8} wrap align="center" justify="space-between" className="checker-tasks-toolbar">
          <Typography.Text type="secondary" className="checker-tasks-toolbar-note">
            {state.pattern ? t("frames.noteWithSearch") : t("frames.note")}
          </Typography.Text>
          <Flex gap={8} align="center" wrap>
            {filtered && (
              <Button type="link" onClick={reset}>
                {t("filters.reset")}
              </Button>
            )}
            <Tooltip title={t("actions.refresh")}>
              <Button
                aria-label={t("actions.refresh")}
                icon={<ReloadOutlined spin={frames.isFetching && !frames.isPending} />}
                onClick={() => void frames.refetch()}
              />
            </Tooltip>
            <Button
              icon={<DownloadOutlined />}
              aria-label={t("frames.export")}
              onClick={() => void exportFrames()}
              loading={exporter.isPending}
              disabled={total === 0 || exporter.isPending}
            >
              {screens.sm ? t("frames.export") : null}
            </Button>
          </Flex>
        </Flex>
        <DataTable<TFrame>
          rowKey="n"
          className="checker-tasks-frames"
          columns={columns}
          query={frames}
          page={{ pageNum: state.page, pageSize: state.pageSize }}
          onPage={(page) => update({ page: page.pageNum, pageSize: page.pageSize }, true)}
          pageSizes={FRAME_PAGE_SIZES}
          empty={empty}
          failedTitle={t("frames.loadFailed")}
          totalText={(count) => t("frames.total", { count, value: toThousands(count) })}
        />
      </Card>
    </Flex>
  );
}
