import { FilePdfOutlined } from "@ant-design/icons";
import { REPORT_NOTES_MAX, REPORT_TITLE_MAX, ZCreateTaskReportRequest } from "@vrf/contract/hi-checker/task-reports.ts";
import { App, Button, Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { contractRule } from "../../../lib/contract-rule.ts";
import { useErrorText } from "../../../lib/error-text.ts";
import { useCreateTaskReport } from "../api/use-task-reports.ts";

interface ReportFormValues {
  title?: string;
  notes?: string;
}

/**
 * A new data report of an ended task: an optional title and the engineer's notes, checked by the
 * contract's rules (with the limit in the message), then created on the server; the form clears
 * once it is.
 */
export function TaskReportForm({ taskId }: { taskId: string }) {
  const { t } = useTranslation("checkerTasks");
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [form] = Form.useForm<ReportFormValues>();
  const create = useCreateTaskReport(taskId);
  // The contract's issue names the rule; the limits go into this form's own words.
  const rule = (field: "title" | "notes", max: number) =>
    contractRule(ZCreateTaskReportRequest.shape[field], (key) =>
      key === "validation.tooLong" ? t(`reports.${field}TooLong`, { max }) : t(key),
    );

  const submit = async (values: ReportFormValues) => {
    try {
      await create.mutateAsync({ title: values.title ?? "", notes: values.notes ?? "" });
      form.resetFields();
      void message.success(t("reports.created"));
    } catch (error) {
      void message.error(t("reports.createFailed", { reason: errorText(error) }));
    }
  };

  return (
    <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} aria-label={t("reports.createTitle")}>
      <Form.Item name="title" label={t("reports.title")} rules={[rule("title", REPORT_TITLE_MAX)]}>
        <Input placeholder={t("reports.titlePlaceholder")} maxLength={REPORT_TITLE_MAX} />
      </Form.Item>
      <Form.Item name="notes" label={t("reports.notes")} rules={[rule("notes", REPORT_NOTES_MAX)]}>
        <Input.TextArea
          placeholder={t("reports.notesPlaceholder")}
          showCount
          // Typing past the limit is allowed so the message can say what the limit is.
          count={{ max: REPORT_NOTES_MAX }}
          autoSize={{ minRows: 4, maxRows: 10 }}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" icon={<FilePdfOutlined />} loading={create.isPending}>
        {t("reports.create")}
      </Button>
    </Form>
  );
}
