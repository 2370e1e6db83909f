import { FileExcelOutlined, ReloadOutlined } from "@ant-design/icons";
import {
  READINGS_EXPORT_MAX,
  TASK_INDOOR_FIELDS,
  TASK_OUTDOOR_FIELDS,
  type TReadingRow,
} from "@vrf/contract/hi-checker/task-data.ts";
import type { TCheckerTask } from "@vrf/contract/hi-checker/tasks.ts";
import { toThousands } from "@vrf/contract/number.ts";
import { Alert, App, Button, Card, Empty, Flex, Form, Grid, Tooltip, Typography } from "antd";
import { useCallback, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { useErrorText } from "../../../lib/error-text.ts";
import { useDeviceEvents } from "../../../lib/use-device-events.ts";
import { useCheckerTask } from "../api/use-checker-task.ts";
import { useCheckerUnits } from "../api/use-checker-units.ts";
import { useExportTaskReadings, useTaskReadings } from "../api/use-task-readings.ts";
import { useTaskUnitHistory } from "../api/use-task-unit-history.ts";
import { DataTable } from "../components/data-table.tsx";
import { readingColumns } from "../components/reading-columns.tsx";
import { TaskHeader } from "../components/task-header.tsx";
import { TaskPageLoading, TaskPageProblem, WrongKindNotice } from "../components/task-page-states.tsx";
import { durationText } from "../components/task-texts.ts";
import { UnitChartsPanel } from "../components/unit-charts-panel.tsx";
import { UnitSelect, unitName } from "../components/unit-select.tsx";
import { exportFileName } from "../utils/export-files.ts";
import { taskIdFromQuery } from "../utils/frame-query.ts";
import { collectedDataEventMatters, collectedDataLive } from "../utils/live-keys.ts";
import {
  defaultUnit,
  READING_PAGE_SIZES,
  type ReadingsQueryState,
  readReadingsQuery,
  toReadingsRequest,
  writeReadingsQuery,
} from "../utils/readings.ts";
import { gatheredEmpty } from "../utils/task-display.ts";
import "../components/checker-tasks.css";
import "../components/task-data.css";

/**
 * checkerData (`?taskId=`): a collection task's unit data. The task above; one unit of its
 * checker (the first outdoor unit unless one is chosen; kept in the address bar with the page);
 * its charts over the task's period, its readings a server page at a time and their export.
 * While the task runs, its checker's unit reports move both on.
 */
export default function CheckerDataPage() {
  const [params] = useSearchParams();
  const taskId = taskIdFromQuery(params.get("taskId"));
  const task = useCheckerTask(taskId);

  if (taskId === null) return <TaskPageProblem error={null} onRetry={() => undefined} />;
  if (task.isLoading) return <TaskPageLoading />;
  if (!task.data) return <TaskPageProblem error={task.error} onRetry={() => void task.refetch()} />;
  if (task.data.kind !== "collection") {
    return (
      <Flex vertical gap={16} className="checker-tasks-page">
        <TaskHeader task={task.data} />
        <WrongKindNotice task={task.data} />
      </Flex>
    );
  }
  return <CollectedData task={task.data} />;
}

function CollectedData({ task }: { task: TCheckerTask }) {
  const { t } = useTranslation(["checkerTasks", "common"]);
  const { message } = App.useApp();
  const errorText = useErrorText();
  const screens = Grid.useBreakpoint();
  const [params, setParams] = useSearchParams();
  const serialised = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the serialised query is the identity of the state.
  const state = useMemo(() => readReadingsQuery(params), [serialised]);
  const units = useCheckerUnits(task.deviceId);
  const unit = useMemo(
    () => state.unit ?? (units.data ? defaultUnit(units.data.outdoor, units.data.indoor) : null),
    [state.unit, units.data],
  );
  const request = useMemo(() => (unit ? toReadingsRequest(task.id, unit, state) : null), [task.id, unit, state]);
  const readings = useTaskReadings(request);
  const history = useTaskUnitHistory(task, unit);
  const exporter = useExportTaskReadings();
  // A checker with no units yet gets them with its first reports.
  useDeviceEvents(collectedDataLive(task.id, unit === null ? task.deviceId : null), {
    match: collectedDataEventMatters(task.id, task, unit?.systemNumber ?? null),
  });

  const fields = readings.data?.fields ?? (unit?.side === "indoor" ? TASK_INDOOR_FIELDS : TASK_OUTDOOR_FIELDS);
  const columns = useMemo(() => readingColumns(t, fields), [t, fields]);

  const update = useCallback(
    (next: Partial<ReadingsQueryState>, keepPage = false) =>
      setParams(
        writeReadingsQuery(task.id, { ...state, unit, ...next, page: keepPage ? (next.page ?? state.page) : 1 }),
        { replace: true },
      ),
    [setParams, state, unit, task.id],
  );

  const total = readings.data?.total ?? 0;
  const exportReadings = async () => {
    if (!unit) return;
    if (total > READINGS_EXPORT_MAX) {
      void message.error(t("data.exportTooMany", { max: toThousands(READINGS_EXPORT_MAX) }));
      return;
    }
    try {
      await exporter.mutateAsync({
        request: { taskId: task.id, side: unit.side, systemNumber: unit.systemNumber, address: unit.address },
        filename: exportFileName(t("data.exportFile"), task.name, "xlsx", new Date(), [
          unit.side,
          unit.systemNumber,
          unit.address,
        ]),
      });
    } catch (error) {
      void message.error(t("export.failed", { reason: errorText(error) }));
    }
  };

  const emptyKey = gatheredEmpty(task, false);
  const interval = durationText(t, task.intervalS);
  const noUnits = units.data !== undefined && unit === null;

  return (
    <Flex vertical gap={16} className="checker-tasks-page checker-tasks-data-page">
      <TaskHeader task={task} />
      <Card variant="borderless">
        <Flex gap={16} wrap align="flex-end" justify="space-between" className="checker-tasks-unit-bar">
          <Form layout="vertical" className="checker-tasks-unit-form" onSubmitCapture={(e) => e.preventDefault()}>
            <Form.Item label={t("data.unit")} htmlFor="checker-tasks-data-unit">
              <UnitSelect
                id="checker-tasks-data-unit"
                value={unit}
                onChange={(next) => update({ unit: next })}
                units={units.data}
                loading={units.isLoading}
              />
            </Form.Item>
          </Form>
          <Typography.Text type="secondary" className="checker-tasks-toolbar-note">
            {t("data.chartsIntro")}
          </Typography.Text>
        </Flex>
        {units.isError && !units.data ? (
          <Alert
            type="error"
            showIcon
            title={t("data.unitsFailed")}
            description={errorText(units.error)}
            action={
              <Button size="small" onClick={() => void units.refetch()}>
                {t("common:actions.retry")}
              </Button>
            }
          />
        ) : noUnits ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={t(emptyKey === "running" ? "data.noUnitsYet" : "data.noUnits")}
          />
        ) : (
          <UnitChartsPanel
            history={history}
            notStarted={task.startedAt === null ? t(`data.empty.${emptyKey}`, { interval }) : null}
          />
        )}
      </Card>
      {unit ? (
        <Card variant="borderless">
          <Flex gap={8} wrap align="center" justify="space-between" className="checker-tasks-toolbar">
            <Typography.Title level={5} className="checker-tasks-section-title">
              {t("data.readingsOf", { unit: unitName(t, unit) })}
            </Typography.Title>
            <Flex gap={8} align="center" wrap>
              <Tooltip title={t("actions.refresh")}>
                <Button
                  aria-label={t("actions.refresh")}
                  icon={<ReloadOutlined spin={readings.isFetching && !readings.isPending} />}
                  onClick={() => {
                    void readings.refetch();
                    void history.refetch();
                  }}
                />
              </Tooltip>
              <Button
                icon={<FileExcelOutlined />}
                aria-label={t("data.export")}
                onClick={() => void exportReadings()}
                loading={exporter.isPending}
                disabled={total === 0 || exporter.isPending}
              >
                {screens.sm ? t("data.export") : null}
              </Button>
            </Flex>
          </Flex>
          <DataTable<TReadingRow>
            rowKey="at"
            className="checker-tasks-readings"
            columns={columns}
            query={readings}
            page={{ pageNum: state.page, pageSize: state.pageSize }}
            onPage={(page) => update({ page: page.pageNum, pageSize: page.pageSize }, true)}
            pageSizes={READING_PAGE_SIZES}
            empty={
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(`data.empty.${emptyKey}`, { interval })} />
            }
            failedTitle={t("data.loadFailed")}
            totalText={(count) => t("data.total", { count, value: toThousands(count) })}
          />
        </Card>
      ) : null}
    </Flex>
  );
}
