import { InfoCircleOutlined } from "@ant-design/icons";
import { Errors } from "@vrf/contract/errors.ts";
import { isEmail } from "@vrf/contract/rules.ts";
import { Alert, App, Form, Input, Modal, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../lib/api-error.ts";
import { useErrorText } from "../../../lib/error-text.ts";
import { useInviteMember } from "../api/use-invite-member.ts";
import { fitRoleToModules, type GrantValues } from "../utils/grants.ts";
import { GrantFields } from "./grant-fields.tsx";

export interface InviteValues extends GrantValues {
  email: string;
}

interface InviteMemberModalProps {
  open: boolean;
  /** Prefilled when an open invitation is sent again. */
  initialValues: InviteValues;
  onClose: () => void;
}

/** Refusals about the address entered, shown under the field. */
const EMAIL_ERRORS = new Set<number>([Errors.alreadyTeamMember.errorCode, Errors.emailFormat.errorCode]);

export function InviteMemberModal({ open, initialValues, onClose }: InviteMemberModalProps) {
  const { t } = useTranslation("team");
  const errorText = useErrorText();
  const { message } = App.useApp();
  const [form] = Form.useForm<InviteValues>();
  const invite = useInviteMember();
  const [alert, setAlert] = useState<string | null>(null);

  const onFinish = async (values: InviteValues) => {
    setAlert(null);
    const grant = fitRoleToModules(values);
    try {
      const sent = await invite.mutateAsync({ email: values.email.trim(), ...grant });
      void message.success(t("invite.sent", { email: sent.email }));
      onClose();
    } catch (error) {
      if (error instanceof ApiError && EMAIL_ERRORS.has(error.errorCode)) {
        form.setFields([{ name: "email", errors: [errorText(error)] }]);
      } else setAlert(errorText(error));
    }
  };

  return (
    <Modal
      open={open}
      title={t("invite.title")}
      okText={t("invite.send")}
      cancelText={t("actions.cancel")}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={invite.isPending}
      cancelButtonProps={{ disabled: invite.isPending }}
      maskClosable={!invite.isPending}
      destroyOnHidden
      afterClose={() => setAlert(null)}
    >
      <Typography.Paragraph type="secondary" style={{ fontSize: 13 }}>
        <InfoCircleOutlined style={{ marginInlineEnd: 6 }} />
        {t("invite.hint")}
      </Typography.Paragraph>
      <Form<InviteValues>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={onFinish}
        onValuesChange={() => setAlert(null)}
        disabled={invite.isPending}
        requiredMark
        preserve={false}
      >
        <Form.Item
          name="email"
          label={t("invite.email")}
          rules={[
            { required: true, whitespace: true, message: t("invite.emailRequired") },
            {
              validator: (_rule, value: string | undefined) =>
                !value?.trim() || isEmail(value.trim().toLowerCase())
                  ? Promise.resolve()
                  : Promise.reject(new Error(t("invite.emailInvalid"))),
            },
          ]}
        >
          <Input type="email" autoComplete="off" placeholder={t("invite.emailPlaceholder")} maxLength={254} autoFocus />
        </Form.Item>
        <GrantFields />
        {alert && <Alert type="error" showIcon title={alert} />}
      </Form>
    </Modal>
  );
}
