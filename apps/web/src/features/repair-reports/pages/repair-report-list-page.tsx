import { DownloadOutlined } from "@ant-design/icons";
import { REPAIR_EXPORT_MAX_ROWS } from "@vrf/contract/repair-reports/export.ts";
import type { TRepairReportSort } from "@vrf/contract/repair-reports/list.ts";
import type { TRepairReportItem, TRepairStatus } from "@vrf/contract/repair-reports/repair-report.ts";
import { Alert, Badge, Button, Card, Empty, Flex, message, Tabs, Typography } from "antd";
import type { SorterResult } from "antd/es/table/interface";
import { useCallback, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { ColumnChooser } from "../../../components/column-chooser.tsx";
import { ListTable } from "../../../components/list-table.tsx";
import { errorMessage } from "../../../lib/error-text.ts";
import { runListExport } from "../../../lib/list-export.ts";
import { useExportRepairReports } from "../api/use-export-repair-reports.ts";
import { useRepairReports } from "../api/use-repair-reports.ts";
import { LoadFailure } from "../components/load-failure.tsx";
import { repairReportColumns } from "../components/repair-report-columns.tsx";
import { RepairReportFilters } from "../components/repair-report-filters.tsx";
import { useNarrowScreen } from "../hooks/use-narrow-screen.ts";
import {
  hasFilters,
  PAGE_SIZES,
  type RepairListState,
  readListState,
  toListRequest,
  writeListState,
} from "../utils/list-query.ts";
import { STATUS_COLOR } from "../utils/status.ts";
import "../components/repair-reports.css";
import { useHasSubDistributors } from "../../../lib/distributor-options.ts";

const STATUS_TABS = ["all", "0", "1", "2"] as const;
const COUNT_KEYS = { 0: "unresolved", 1: "inProcess", 2: "resolved" } as const;

/** Repairreport: end users' repair reports, by status, with filters, paging and sorting on the server. */
export default function RepairReportListPage() {
  const { t } = useTranslation(["repairReports", "common"]);
  const [params, setParams] = useSearchParams();
  const serialised = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the serialised query is the identity of the state.
  const state = useMemo(() => readListState(params), [serialised]);
  const request = useMemo(() => toListRequest(state), [state]);
  const reports = useRepairReports(request);
  const compact = useNarrowScreen();
  const showDistributor = useHasSubDistributors();
  const exporter = useExportRepairReports();
  const [messageApi, messageHolder] = message.useMessage();

  const update = useCallback(
    (next: Partial<RepairListState>, keepPage = false) =>
      setParams(writeListState({ ...state, ...next, page: keepPage ? (next.page ?? state.page) : 1 }), {
        replace: true,
      }),
    [setParams, state],
  );

  const columns = useMemo(
    () => repairReportColumns({ t, sort: state.sort, order: state.order, showDistributor }),
    [t, state.sort, state.order, showDistributor],
  );

  const data = reports.data;
  const counts = data?.counts;
  const all = counts ? counts.unresolved + counts.inProcess + counts.resolved : undefined;
  const projectName =
    state.projectId !== null ? (data?.list.find((r) => r.projectId === state.projectId)?.projectName ?? null) : null;
  const filtered = hasFilters(state);

  const onExport = () => {
    const { pageNum: _page, pageSize: _size, ...filters } = request;
    return runListExport({
      t,
      messageApi,
      total: data?.total ?? 0,
      max: REPAIR_EXPORT_MAX_ROWS,
      run: (extra) => exporter.mutateAsync({ ...filters, ...extra }),
    });
  };

  const tabLabel = (key: (typeof STATUS_TABS)[number]) => {
    const count = key === "all" ? all : counts?.[COUNT_KEYS[Number(key) as TRepairStatus]];
    const label = key === "all" ? t("tabs.all") : t(`status.${key}`);
    return (
      <Flex align="center" gap={6}>
        {key !== "all" && <Badge status={STATUS_COLOR[Number(key) as TRepairStatus]} />}
        {label}
        {count !== undefined && <span className="repair-tab-count">{count}</span>}
      </Flex>
    );
  };

  const onTableChange = (
    pagination: { current?: number; pageSize?: number },
    sorter: SorterResult<TRepairReportItem> | SorterResult<TRepairReportItem>[],
  ) => {
    const single = Array.isArray(sorter) ? sorter[0] : sorter;
    const sort = single?.order ? (single.columnKey as TRepairReportSort) : null;
    const order = single?.order ?? null;
    const sortChanged = sort !== state.sort || order !== state.order;
    const sizeChanged = pagination.pageSize !== undefined && pagination.pageSize !== state.pageSize;
    update(
      {
        sort,
        order,
        pageSize: pagination.pageSize ?? state.pageSize,
        page: sortChanged || sizeChanged ? 1 : (pagination.current ?? 1),
      },
      true,
    );
  };

  const empty = (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={filtered || state.status !== null ? t("list.empty") : t("list.emptyAll")}
    >
      {filtered && (
        <Button onClick={() => setParams(new URLSearchParams(), { replace: true })}>{t("filters.reset")}</Button>
      )}
    </Empty>
  );

  return (
    <Flex vertical gap={16} className="repair-page">
      {messageHolder}
      <Card variant="borderless" styles={{ body: { paddingBottom: 0 } }}>
        <RepairReportFilters
          value={state}
          projectName={projectName}
          onChange={(next) => update(next)}
          compact={compact}
        />
      </Card>
      <Card variant="borderless" styles={{ body: { paddingTop: 4 } }}>
        <Tabs
          activeKey={state.status === null ? "all" : String(state.status)}
          onChange={(key) => update({ status: key === "all" ? null : (Number(key) as TRepairStatus) })}
          items={STATUS_TABS.map((key) => ({ key, label: tabLabel(key) }))}
          tabBarExtraContent={
            <Flex gap={4} align="center">
              {filtered && (
                <Button
                  type="link"
                  onClick={() =>
                    setParams(new URLSearchParams(state.status === null ? "" : `status=${state.status}`), {
                      replace: true,
                    })
                  }
                >
                  {t("filters.reset")}
                </Button>
              )}
              <Button
                icon={<DownloadOutlined />}
                aria-label={t("list.export")}
                onClick={onExport}
                loading={exporter.isPending}
                disabled={!data || data.total === 0}
              >
                {compact ? null : t("list.export")}
              </Button>
              <ColumnChooser listId="repair-reports" columns={columns} />
            </Flex>
          }
        />
        {reports.isError && data && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 12 }}
            title={`${t("list.loadFailed")} ${errorMessage(t, reports.error)}`}
            action={
              <Button size="small" onClick={() => reports.refetch()}>
                {t("common:actions.retry")}
              </Button>
            }
          />
        )}
        {reports.isError && !data ? (
          <LoadFailure title={t("list.loadFailed")} error={reports.error} onRetry={() => reports.refetch()} />
        ) : (
          <ListTable<TRepairReportItem>
            rowKey="id"
            size="middle"
            listId="repair-reports"
            columns={columns}
            dataSource={data?.list ?? []}
            loading={reports.isFetching}
            locale={{ emptyText: reports.isLoading ? " " : empty }}
            onChange={(pagination, _filters, sorter) => onTableChange(pagination, sorter)}
            pagination={{
              current: state.page,
              pageSize: state.pageSize,
              total: data?.total ?? 0,
              showSizeChanger: true,
              pageSizeOptions: PAGE_SIZES.map(String),
              showTotal: (total) => (
                <Typography.Text type="secondary">{t("list.total", { count: total })}</Typography.Text>
              ),
              size: compact ? "small" : "medium",
              simple: compact,
            }}
          />
        )}
      </Card>
    </Flex>
  );
}
