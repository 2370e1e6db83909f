import type { TSubDistributor } from "@vrf/contract/sub-distributors/sub-distributors.ts";
import { SUB_DISTRIBUTOR_NOTE_MAX } from "@vrf/contract/sub-distributors/sub-distributors.ts";
import { Alert, App, Form, Input, Modal, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useErrorText } from "../../../lib/error-text.ts";
import { useUpdateSubDistributorNote } from "../api/use-update-sub-distributor-note.ts";

interface EditNoteModalProps {
  open: boolean;
  /** The entry being edited; kept while the modal closes. */
  link: TSubDistributor | null;
  onClose: () => void;
}

export function EditNoteModal({ open, link, onClose }: EditNoteModalProps) {
  const { t } = useTranslation("subDistributors");
  const errorText = useErrorText();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ note: string }>();
  const update = useUpdateSubDistributorNote();
  const [alert, setAlert] = useState<string | null>(null);

  const onFinish = async ({ note }: { note: string }) => {
    if (!link) return;
    setAlert(null);
    try {
      await update.mutateAsync({ id: link.id, note: (note ?? "").trim() });
      void message.success(t("editNote.done"));
      onClose();
    } catch (error) {
      setAlert(errorText(error));
    }
  };

  return (
    <Modal
      open={open && link !== null}
      title={t("editNote.title")}
      okText={t("actions.save")}
      cancelText={t("actions.cancel")}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={update.isPending}
      cancelButtonProps={{ disabled: update.isPending }}
      destroyOnHidden
      afterClose={() => setAlert(null)}
    >
      {link && (
        <Typography.Paragraph type="secondary">
          {link.email} · {link.organisationName}
        </Typography.Paragraph>
      )}
      <Form
        form={form}
        layout="vertical"
        initialValues={{ note: link?.note ?? "" }}
        onFinish={onFinish}
        onValuesChange={() => setAlert(null)}
        disabled={update.isPending}
        preserve={false}
      >
        <Form.Item
          name="note"
          label={t("add.note")}
          rules={[{ max: SUB_DISTRIBUTOR_NOTE_MAX, message: t("add.noteTooLong", { max: SUB_DISTRIBUTOR_NOTE_MAX }) }]}
        >
          <Input.TextArea rows={3} showCount maxLength={SUB_DISTRIBUTOR_NOTE_MAX} autoFocus />
        </Form.Item>
        {alert && <Alert type="error" showIcon title={alert} />}
      </Form>
    </Modal>
  );
}
