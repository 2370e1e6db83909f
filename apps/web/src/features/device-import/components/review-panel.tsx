import { CloudUploadOutlined, DownloadOutlined, ReloadOutlined } from "@ant-design/icons";
import type { TDryRunResult } from "@vrf/contract/device-import/dry-run.ts";
import type { TCheckedImportRow } from "@vrf/contract/device-import/rows.ts";
import { Alert, App, Button, Empty, Flex, Grid, Pagination, Segmented, Typography } from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { ColumnChooser } from "../../../components/column-chooser.tsx";
import { ListTable } from "../../../components/list-table.tsx";
import { saveFile } from "../../../lib/save-file.ts";
import { problemCsv } from "../utils/problem-csv.ts";
import { reasonText } from "../utils/reason-text.ts";
import { initialView, ROW_VIEWS, type RowView, rowsInView } from "../utils/row-view.ts";
import { checkColumns } from "./check-columns.tsx";
import { CheckSummary } from "./check-summary.tsx";

/** Step 2: what the dry run found, row by row, and the way on to the import. */
export function ReviewPanel({
  result,
  onImport,
  onRestart,
}: {
  result: TDryRunResult;
  /** Imports the rows the check found good (the page sends them, utils/import-plan.ts). */
  onImport: () => void;
  onRestart: () => void;
}) {
  const { t } = useTranslation("deviceImport");
  const { modal } = App.useApp();
  const [view, setView] = useState<RowView>(() => initialView(result.rows));
  const [page, setPage] = useState({ current: 1, pageSize: 20 });
  const columns = useMemo(() => checkColumns(t), [t]);
  const shown = useMemo(() => rowsInView(result.rows, view), [result.rows, view]);
  const pageRows = useMemo(
    () => shown.slice((page.current - 1) * page.pageSize, page.current * page.pageSize) as TCheckedImportRow[],
    [shown, page],
  );
  const narrow = !Grid.useBreakpoint().sm;
  const { summary } = result;

  const changeView = (next: RowView) => {
    setView(next);
    setPage((p) => ({ ...p, current: 1 }));
  };

  const downloadProblems = () => {
    const csv = problemCsv(
      result.rows,
      { row: t("columns.row"), reasons: t("columns.reasons"), column: (c) => t(`columns.${c}`) },
      (row) => row.reasons.map((r) => reasonText(t, r)),
    );
    // The BOM makes Excel read the file as UTF-8 (Chinese texts would be garbled otherwise).
    saveFile(new Blob(["\uFEFF", csv], { type: "text/csv;charset=utf-8" }), t("review.problemsFileName"));
  };

  const confirmImport = () =>
    modal.confirm({
      title: t("review.confirmTitle", { count: summary.ok }),
      content: t("review.confirmText"),
      okText: t("review.confirmOk"),
      cancelText: t("prepare.cancel"),
      icon: <CloudUploadOutlined style={{ color: "#2BC6C2" }} />,
      onOk: onImport,
    });

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={5} style={{ margin: 0 }} ellipsis>
        {t("review.title", { name: result.fileName })}
      </Typography.Title>
      <CheckSummary summary={summary} view={view} onView={changeView} />
      {summary.ok === 0 ? <Alert type="error" showIcon title={t("review.nothingToImport")} /> : null}
      {summary.ok > 0 && summary.error > 0 ? (
        <Alert type="warning" showIcon title={t("review.problemsAlert", { count: summary.error })} />
      ) : null}
      {summary.registered > 0 ? (
        <Alert type="info" showIcon title={t("review.registeredAlert", { count: summary.registered })} />
      ) : null}
      {summary.ok === summary.total ? <Alert type="success" showIcon title={t("review.allOk")} /> : null}
      {result.exampleRowsIgnored > 0 ? (
        <Typography.Text type="secondary">{t("review.exampleIgnored")}</Typography.Text>
      ) : null}

      <Flex justify="space-between" align="center" gap={12} wrap>
        <Segmented<RowView>
          value={view}
          onChange={changeView}
          options={ROW_VIEWS.map((v) => ({ value: v, label: t(`review.filters.${v}`) }))}
        />
        <Flex gap={8} wrap>
          {summary.error > 0 ? (
            <Button icon={<DownloadOutlined />} onClick={downloadProblems}>
              {t("review.downloadProblems")}
            </Button>
          ) : null}
          <ColumnChooser listId="device-import-check" columns={columns} />
        </Flex>
      </Flex>

      <ListTable<TCheckedImportRow>
        className="device-import-table"
        rowKey="row"
        size="middle"
        listId="device-import-check"
        columns={columns}
        dataSource={pageRows}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("review.empty")} /> }}
        rowClassName={(row) => (row.status === "error" ? "device-import-row-error" : "")}
        pagination={false}
      />

      {/* The pages are turned in the sticky bar itself: below the table they were hidden behind it. */}
      <Flex justify="space-between" align="center" gap={12} wrap className="device-import-actions">
        <Pagination
          className="device-import-pagination"
          size="small"
          {...page}
          total={shown.length}
          simple={narrow}
          showSizeChanger={!narrow}
          pageSizeOptions={[20, 50, 100]}
          showTotal={(total) => t("review.pageTotal", { shown: total, total: summary.total })}
          onChange={(current, pageSize) => setPage({ current, pageSize })}
        />
        <Flex gap={12} className="device-import-buttons">
          <Button icon={<ReloadOutlined />} onClick={onRestart}>
            {t("review.chooseAnother")}
          </Button>
          <Button type="primary" icon={<CloudUploadOutlined />} disabled={summary.ok === 0} onClick={confirmImport}>
            {t("review.import", { count: summary.ok })}
          </Button>
        </Flex>
      </Flex>
    </Flex>
  );
}
