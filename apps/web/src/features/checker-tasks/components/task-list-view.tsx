import { HistoryOutlined, PlusOutlined, UnorderedListOutlined } from "@ant-design/icons";
import type { TCheckerTask } from "@vrf/contract/hi-checker/tasks.ts";
import { Button, Card, Empty, Flex, Grid, Typography } from "antd";
import { useCallback, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { PagedListTable } from "../../../components/paged-list-table.tsx";
import { useNow } from "../../../lib/relative-time.ts";
import { useDeviceEvents } from "../../../lib/use-device-events.ts";
import { useCheckerTasks } from "../api/use-checker-tasks.ts";
import {
  hasFilters,
  PAGE_SIZES,
  readTaskListState,
  type TaskListKind,
  type TaskListState,
  toListRequest,
  withoutFilters,
  writeTaskListState,
} from "../utils/list-query.ts";
import { taskEventMatters, taskListLive } from "../utils/live-keys.ts";
import { NEW_TASK_PATH, TASK_HISTORY_PATH, TASK_LIST_PATH, withChecker } from "../utils/task-paths.ts";
import { taskColumns } from "./task-columns.tsx";
import { TaskFilters } from "./task-filters.tsx";
import "./checker-tasks.css";
import { ResetFiltersLink } from "../../../components/list-toolbar.tsx";

/** How often the open list's progress bars move on: they show time passing, nothing the server says. */
const PROGRESS_CLOCK_MS = 60_000;

/**
 * CheckerTaskList (the open tasks) and HistoricalRecords (the ended ones): filters kept in the
 * address, then the server-paged table with refresh, the page's own buttons and the column
 * chooser. The checkers' task events refresh it; nothing else does, besides the user.
 */
export function TaskListView({ list }: { list: TaskListKind }) {
  const { t } = useTranslation(["checkerTasks", "common"]);
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();
  const [params, setParams] = useSearchParams();
  const serialised = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the serialised query is the identity of the state.
  const state = useMemo(() => readTaskListState(params, list), [serialised, list]);
  const request = useMemo(() => toListRequest(state, list), [state, list]);
  const tasks = useCheckerTasks(list, request);
  useDeviceEvents(taskListLive(list), { match: taskEventMatters(list, state.deviceId) });
  const now = useNow(PROGRESS_CLOCK_MS);
  const columns = useMemo(() => taskColumns(t, list, now), [t, list, now]);
  const filtered = hasFilters(state);

  const update = useCallback(
    (next: Partial<TaskListState>, keepPage = false) =>
      setParams(writeTaskListState({ ...state, ...next, page: keepPage ? (next.page ?? state.page) : 1 }), {
        replace: true,
      }),
    [setParams, state],
  );
  const reset = () => update(withoutFilters(state));

  const newTask = () => navigate(withChecker(NEW_TASK_PATH, state.deviceId));
  // A checker page's link (`?deviceId=` alone): nothing running there is no filter's fault.
  const oneChecker = state.deviceId !== null && !hasFilters({ ...state, deviceId: null });
  const offerNewTask = list === "open" && (!filtered || oneChecker);
  const emptyText = !filtered
    ? t(list === "open" ? "list.emptyOpen" : "list.emptyEnded")
    : oneChecker
      ? t(list === "open" ? "list.emptyCheckerOpen" : "list.emptyCheckerEnded")
      : t("list.noMatch");
  const empty = (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText}>
      <Flex gap={8} justify="center" wrap>
        {filtered && <Button onClick={reset}>{t("filters.reset")}</Button>}
        {offerNewTask && (
          <Button type="primary" icon={<PlusOutlined />} onClick={newTask}>
            {t("actions.newTask")}
          </Button>
        )}
      </Flex>
    </Empty>
  );

  const actions =
    list === "open" ? (
      <>
        <Button
          icon={<HistoryOutlined />}
          aria-label={t("actions.history")}
          onClick={() => navigate(withChecker(TASK_HISTORY_PATH, state.deviceId))}
        >
          {screens.sm ? t("actions.history") : null}
        </Button>
        <Button type="primary" icon={<PlusOutlined />} onClick={newTask}>
          {t("actions.newTask")}
        </Button>
      </>
    ) : (
      <Button
        icon={<UnorderedListOutlined />}
        aria-label={t("actions.openTasks")}
        onClick={() => navigate(withChecker(TASK_LIST_PATH, state.deviceId))}
      >
        {screens.sm ? t("actions.openTasks") : null}
      </Button>
    );

  return (
    <Flex vertical gap={16} className="checker-tasks-page">
      <Card variant="borderless" styles={{ body: { paddingBottom: 0 } }}>
        <Typography.Paragraph type="secondary">{t(`intro.${list}`)}</Typography.Paragraph>
        <TaskFilters list={list} value={state} onChange={update} />
      </Card>
      <Card variant="borderless">
        <PagedListTable<TCheckerTask>
          toolbar={{
            style: { marginBottom: 12 },
            leading: <ResetFiltersLink shown={filtered} onReset={reset} label={t("filters.reset")} />,
            refreshLabel: t("actions.refresh"),
            actions,
          }}
          query={tasks}
          listId={`checker-tasks-${list}`}
          columns={columns}
          page={{ pageNum: state.page, pageSize: state.pageSize }}
          onPage={(page) => update({ page: page.pageNum, pageSize: page.pageSize }, true)}
          pageSizes={PAGE_SIZES}
          empty={empty}
          failedTitle={t("list.loadFailed")}
          totalText={(total) => t("list.total", { count: total })}
        />
      </Card>
    </Flex>
  );
}
