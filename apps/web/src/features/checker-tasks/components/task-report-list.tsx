import { DownloadOutlined } from "@ant-design/icons";
import type { TTaskReport } from "@vrf/contract/hi-checker/task-reports.ts";
import { formatDateTime } from "@vrf/contract/time.ts";
import { Alert, App, Button, Empty, Flex, List, Skeleton, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useErrorText } from "../../../lib/error-text.ts";
import { useDownloadTaskReport, useTaskReports } from "../api/use-task-reports.ts";
import { exportFileName } from "../utils/export-files.ts";

/** The reports of a task, newest first, each with its download; loading, empty and failed states of their own. */
export function TaskReportList({ taskId, taskName }: { taskId: string; taskName: string }) {
  const { t } = useTranslation("checkerTasks");
  const { message } = App.useApp();
  const errorText = useErrorText();
  const reports = useTaskReports(taskId, true);
  const download = useDownloadTaskReport();

  const save = async (report: TTaskReport) => {
    try {
      await download.mutateAsync({
        id: report.id,
        filename: exportFileName(t("reports.file"), report.title || taskName, "pdf", new Date()),
      });
    } catch (error) {
      void message.error(t("reports.downloadFailed", { reason: errorText(error) }));
    }
  };

  if (reports.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (reports.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t("reports.loadFailed")}
        description={errorText(reports.error)}
        action={
          <Button size="small" onClick={() => void reports.refetch()}>
            {t("reports.retry")}
          </Button>
        }
      />
    );
  }
  if (reports.data.list.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("reports.empty")} />;
  }
  return (
    <List
      className="checker-tasks-reports"
      dataSource={reports.data.list}
      rowKey="id"
      renderItem={(report) => (
        <List.Item
          actions={[
            <Button
              key="download"
              type="link"
              icon={<DownloadOutlined />}
              loading={download.isPending && download.variables?.id === report.id}
              onClick={() => void save(report)}
            >
              {t("reports.download")}
            </Button>,
          ]}
        >
          <List.Item.Meta
            title={
              <Flex gap={8} align="center" wrap>
                <Typography.Text strong>{report.title || taskName}</Typography.Text>
                <Tag>{t(`reports.language.${report.language}`)}</Tag>
              </Flex>
            }
            description={
              <Flex vertical gap={4}>
                <Typography.Text type="secondary">
                  {t("reports.by", { name: report.createdBy || "—", time: formatDateTime(report.createdAt) })}
                </Typography.Text>
                {report.notes && (
                  <Typography.Paragraph ellipsis={{ rows: 2, tooltip: report.notes }} className="checker-tasks-notes">
                    {report.notes}
                  </Typography.Paragraph>
                )}
              </Flex>
            }
          />
        </List.Item>
      )}
    />
  );
}
