import { FilePdfOutlined } from "@ant-design/icons";
import type { TCheckerTask } from "@vrf/contract/hi-checker/tasks.ts";
import { Button, Divider, Drawer, Grid, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { TaskReportForm } from "./task-report-form.tsx";
import { TaskReportList } from "./task-report-list.tsx";

/**
 * "Reports" of an ended task: a drawer to create a data report (a PDF for the customer) and the
 * task's reports to download. A task under way has none yet: nothing is shown for it.
 */
export function TaskReportsButton({ task }: { task: Pick<TCheckerTask, "id" | "name" | "endedAt"> }) {
  const { t } = useTranslation("checkerTasks");
  const screens = Grid.useBreakpoint();
  const [open, setOpen] = useState(false);
  if (task.endedAt === null) return null;
  return (
    <>
      <Button
        type="link"
        size="small"
        icon={<FilePdfOutlined />}
        style={{ paddingInline: 0 }}
        onClick={() => setOpen(true)}
      >
        {t("reports.action")}
      </Button>
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        title={t("reports.drawerTitle", { name: task.name })}
        size={screens.md ? 560 : "100%"}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t("reports.intro")}</Typography.Paragraph>
        <Typography.Title level={5}>{t("reports.createTitle")}</Typography.Title>
        <TaskReportForm taskId={task.id} />
        <Divider />
        <Typography.Title level={5}>{t("reports.listTitle")}</Typography.Title>
        <TaskReportList taskId={task.id} taskName={task.name} />
      </Drawer>
    </>
  );
}
