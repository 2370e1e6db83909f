import { FileExcelOutlined } from "@ant-design/icons";
import type { TFaultRecord } from "@vrf/contract/faults/fault-list.ts";
import { FAULT_SORTS, type FaultSort } from "@vrf/contract/faults/fault-list.ts";
import { Alert, App, Button, Card, Empty, Flex, Result, Typography } from "antd";
import type { SorterResult } from "antd/es/table/interface";
import dayjs from "dayjs";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { ColumnChooser } from "../../../components/column-chooser.tsx";
import { ListTable } from "../../../components/list-table.tsx";
import { useErrorText } from "../../../lib/error-text.ts";
import { showsLoading } from "../../../lib/query-loading.ts";
import { useExportFaults } from "../api/use-export-faults.ts";
import { useFaults } from "../api/use-faults.ts";
import { useFaultModule } from "../utils/fault-module.ts";
import { type FaultQueryState, hasFilters, PAGE_SIZES } from "../utils/fault-query.ts";
import { faultColumns } from "./fault-columns.tsx";

interface FaultRecordsTableProps {
  state: FaultQueryState;
  showOrganisation: boolean;
  onStateChange: (next: FaultQueryState) => void;
  onCodeClick: (code: string) => void;
}

/** The fault records: server-paged and server-sorted, with export of the same selection. */
export function FaultRecordsTable({ state, showOrganisation, onStateChange, onCodeClick }: FaultRecordsTableProps) {
  const { t } = useTranslation("faults");
  const { message } = App.useApp();
  const errorText = useErrorText();
  const module = useFaultModule();
  const faults = useFaults(state);
  const exporter = useExportFaults();
  const now = faults.dataUpdatedAt || Date.now();
  const columns = useMemo(
    () =>
      faultColumns({ t, now, showOrganisation, links: module, onCodeClick }).map((column) => {
        const key = column.key as FaultSort;
        if (!FAULT_SORTS.includes(key)) return column;
        return {
          ...column,
          sorter: true,
          // Newest first is the default order, so the first click on a column sorts descending.
          sortDirections: ["descend", "ascend"] as ("descend" | "ascend")[],
          sortOrder: (state.sort ?? "occurredAt") === key ? (state.sort ? (state.order ?? null) : "descend") : null,
        };
      }),
    [t, now, showOrganisation, module, onCodeClick, state.sort, state.order],
  );

  const exportRecords = async () => {
    try {
      await exporter.mutateAsync({
        state,
        filename: `${t("export.filename")}-${dayjs().format("YYYYMMDD-HHmm")}.xlsx`,
      });
      message.success(t("export.done"));
    } catch (error) {
      message.error(t("export.failed", { reason: errorText(error) }));
    }
  };

  const total = faults.data?.total ?? 0;
  const emptyText = hasFilters(state.filters) ? t("table.empty") : t("table.emptyAll");

  return (
    <Card variant="borderless" className="faults-table-card">
      <Flex justify="space-between" align="center" gap={12} wrap className="faults-table-toolbar">
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t("tabs.records")}
          {faults.data && <span className="faults-table-count">{t("table.total", { total })}</span>}
        </Typography.Title>
        <Flex gap={8}>
          <Button
            icon={<FileExcelOutlined />}
            onClick={exportRecords}
            loading={exporter.isPending}
            disabled={!total || exporter.isPending}
          >
            {t("export.button")}
          </Button>
          <ColumnChooser listId={module.listId} columns={columns} />
        </Flex>
      </Flex>
      {faults.isError && !faults.data ? (
        <Result
          status="warning"
          title={t("table.loadFailed")}
          subTitle={errorText(faults.error)}
          extra={<Button onClick={() => void faults.refetch()}>{t("actions.retry")}</Button>}
        />
      ) : (
        <>
          {faults.isError && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 12 }}
              title={errorText(faults.error)}
              action={
                <Button size="small" onClick={() => void faults.refetch()}>
                  {t("actions.retry")}
                </Button>
              }
            />
          )}
          <ListTable<TFaultRecord>
            rowKey="id"
            size="middle"
            listId={module.listId}
            columns={columns}
            dataSource={faults.data?.list ?? []}
            loading={showsLoading(faults)}
            rowClassName={(record) => (record.repaired ? "" : "faults-row-open")}
            locale={{
              emptyText: faults.isLoading ? (
                " "
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />
              ),
            }}
            pagination={{
              current: state.pageNum,
              pageSize: state.pageSize,
              total,
              showSizeChanger: true,
              pageSizeOptions: PAGE_SIZES.map(String),
              showTotal: (count) => t("table.total", { total: count }),
              responsive: true,
            }}
            onChange={(pagination, _filters, sorter) => {
              const single = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<TFaultRecord> | undefined;
              const key = single?.columnKey as FaultSort | undefined;
              const order = single?.order ?? undefined;
              const sort = key && order && FAULT_SORTS.includes(key) ? key : undefined;
              const sortChanged = sort !== state.sort || (sort ? order : undefined) !== state.order;
              const pageSize = pagination.pageSize ?? state.pageSize;
              onStateChange({
                filters: state.filters,
                pageSize,
                pageNum: sortChanged || pageSize !== state.pageSize ? 1 : (pagination.current ?? 1),
                sort,
                order: sort ? order : undefined,
              });
            }}
          />
        </>
      )}
    </Card>
  );
}
