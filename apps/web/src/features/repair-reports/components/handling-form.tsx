import type { TRepairReportDetail } from "@vrf/contract/repair-reports/detail.ts";
import type { TRepairStatus } from "@vrf/contract/repair-reports/repair-report.ts";
import { NOTE_MAX } from "@vrf/contract/rules.ts";
import { Alert, Button, Flex, Form, Input, message, Select, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../../lib/error-text.ts";
import { useHandleRepairReport } from "../api/use-handle-repair-report.ts";
import { nextStatuses } from "../utils/status.ts";
import { RepairStatusTag } from "./repair-status-tag.tsx";

interface HandlingValues {
  status?: TRepairStatus;
  note?: string;
}

/** One handling step: a note, a new status, or both, saved together. */
export function HandlingForm({ report }: { report: TRepairReportDetail }) {
  const { t } = useTranslation(["repairReports", "errors"]);
  const [form] = Form.useForm<HandlingValues>();
  const handle = useHandleRepairReport();
  const [messageApi, messageHolder] = message.useMessage();
  const [failure, setFailure] = useState<string | null>(null);
  const status = Form.useWatch("status", form);
  const note = Form.useWatch("note", form) ?? "";
  const hasChange = status !== undefined || note.trim() !== "";

  const onFinish = async (values: HandlingValues) => {
    setFailure(null);
    try {
      await handle.mutateAsync({
        id: report.id,
        note: values.note?.trim() ?? "",
        ...(values.status !== undefined ? { status: values.status } : {}),
      });
      form.resetFields();
      messageApi.success(t("handle.saved"));
    } catch (error) {
      setFailure(errorMessage(t, error));
    }
  };

  return (
    <Form<HandlingValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={onFinish}
      onValuesChange={() => setFailure(null)}
      disabled={handle.isPending}
    >
      {messageHolder}
      <Form.Item label={t("handle.currentStatus")}>
        <RepairStatusTag status={report.status} />
      </Form.Item>
      <Form.Item name="status" label={t("handle.newStatus")} htmlFor="repair-new-status" extra={t("handle.rules")}>
        <Select<TRepairStatus>
          id="repair-new-status"
          allowClear
          placeholder={t("handle.keepStatus")}
          options={nextStatuses(report.status).map((s) => ({ value: s, label: t(`status.${s}`) }))}
        />
      </Form.Item>
      <Form.Item
        name="note"
        label={t("handle.note")}
        htmlFor="repair-note"
        rules={[{ max: NOTE_MAX, message: t("handle.noteTooLong") }]}
      >
        <Input.TextArea
          id="repair-note"
          rows={5}
          showCount
          maxLength={NOTE_MAX}
          placeholder={t("handle.notePlaceholder")}
          autoSize={{ minRows: 4, maxRows: 12 }}
        />
      </Form.Item>
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Typography.Text type="secondary" style={{ fontSize: 12, flex: "1 1 200px" }}>
          {hasChange ? null : t("handle.noteOrStatus")}
        </Typography.Text>
        <Button type="primary" htmlType="submit" loading={handle.isPending} disabled={!hasChange}>
          {t("handle.submit")}
        </Button>
      </Flex>
    </Form>
  );
}
