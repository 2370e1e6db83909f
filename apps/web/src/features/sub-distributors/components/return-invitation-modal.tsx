import type { TInvitation } from "@vrf/contract/sub-distributors/invitations.ts";
import { RETURN_REASON_MAX } from "@vrf/contract/sub-distributors/sub-distributors.ts";
import { Alert, App, Form, Input, Modal, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useErrorText } from "../../../lib/error-text.ts";
import { useReturnInvitation } from "../api/use-return-invitation.ts";

interface ReturnInvitationModalProps {
  open: boolean;
  /** Kept while the modal closes. */
  invitation: TInvitation | null;
  onClose: () => void;
}

export function ReturnInvitationModal({ open, invitation, onClose }: ReturnInvitationModalProps) {
  const { t } = useTranslation("subDistributors");
  const errorText = useErrorText();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const returnInvitation = useReturnInvitation();
  const [alert, setAlert] = useState<string | null>(null);

  const onFinish = async ({ reason }: { reason: string }) => {
    if (!invitation) return;
    setAlert(null);
    try {
      await returnInvitation.mutateAsync({ id: invitation.id, reason: reason.trim() });
      void message.success(t("invitations.returned"));
      onClose();
    } catch (error) {
      setAlert(errorText(error));
    }
  };

  return (
    <Modal
      open={open && invitation !== null}
      title={t("invitations.returnTitle")}
      okText={t("actions.return")}
      okButtonProps={{ danger: true }}
      cancelText={t("actions.cancel")}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={returnInvitation.isPending}
      cancelButtonProps={{ disabled: returnInvitation.isPending }}
      destroyOnHidden
      afterClose={() => setAlert(null)}
    >
      {invitation && (
        <Typography.Paragraph type="secondary">
          {t("invitations.returnText", { organisation: invitation.parentOrganisationName })}
        </Typography.Paragraph>
      )}
      <Form
        form={form}
        layout="vertical"
        onFinish={onFinish}
        onValuesChange={() => setAlert(null)}
        disabled={returnInvitation.isPending}
        preserve={false}
      >
        <Form.Item
          name="reason"
          label={t("invitations.reason")}
          rules={[
            { required: true, whitespace: true, message: t("invitations.reasonRequired") },
            { max: RETURN_REASON_MAX, message: t("invitations.reasonTooLong", { max: RETURN_REASON_MAX }) },
          ]}
        >
          <Input.TextArea
            rows={4}
            showCount
            maxLength={RETURN_REASON_MAX}
            placeholder={t("invitations.reasonPlaceholder")}
            autoFocus
          />
        </Form.Item>
        {alert && <Alert type="error" showIcon title={alert} />}
      </Form>
    </Modal>
  );
}
