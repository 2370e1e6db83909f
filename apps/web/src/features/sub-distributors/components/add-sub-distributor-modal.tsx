import { InfoCircleOutlined } from "@ant-design/icons";
import { Errors } from "@vrf/contract/errors.ts";
import { isEmail } from "@vrf/contract/rules.ts";
import { SUB_DISTRIBUTOR_NOTE_MAX } from "@vrf/contract/sub-distributors/sub-distributors.ts";
import { Alert, App, Form, Input, Modal, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../lib/api-error.ts";
import { useErrorText } from "../../../lib/error-text.ts";
import { useAddSubDistributor } from "../api/use-add-sub-distributor.ts";

export interface AddValues {
  email: string;
  note: string;
}

interface AddSubDistributorModalProps {
  open: boolean;
  /** Prefilled when a released or returned organisation is invited again. */
  initialValues: AddValues;
  onClose: () => void;
}

/** The refusals that are about the e-mail entered, shown under the field in the words of this page. */
const EMAIL_ERROR_KEYS: Partial<Record<number, string>> = {
  [Errors.userNotFound.errorCode]: "add.unknownEmail",
  [Errors.cannotInviteAccount.errorCode]: "add.cannotInvite",
  [Errors.subDistributorExists.errorCode]: "add.exists",
  [Errors.emailFormat.errorCode]: "add.emailInvalid",
};

export function AddSubDistributorModal({ open, initialValues, onClose }: AddSubDistributorModalProps) {
  const { t } = useTranslation("subDistributors");
  const errorText = useErrorText();
  const { message } = App.useApp();
  const [form] = Form.useForm<AddValues>();
  const add = useAddSubDistributor();
  const [alert, setAlert] = useState<string | null>(null);

  const onFinish = async (values: AddValues) => {
    setAlert(null);
    try {
      const added = await add.mutateAsync({ email: values.email.trim(), note: (values.note ?? "").trim() });
      void message.success(t("add.done", { email: added.email }));
      onClose();
    } catch (error) {
      const key = error instanceof ApiError ? EMAIL_ERROR_KEYS[error.errorCode] : undefined;
      if (key) form.setFields([{ name: "email", errors: [t(key)] }]);
      else setAlert(errorText(error));
    }
  };

  return (
    <Modal
      open={open}
      title={t("add.title")}
      okText={t("actions.add")}
      cancelText={t("actions.cancel")}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={add.isPending}
      cancelButtonProps={{ disabled: add.isPending }}
      maskClosable={!add.isPending}
      destroyOnHidden
      afterClose={() => setAlert(null)}
    >
      <Typography.Paragraph type="secondary" style={{ fontSize: 13 }}>
        <InfoCircleOutlined style={{ marginInlineEnd: 6 }} />
        {t("add.hint")}
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={onFinish}
        onValuesChange={() => setAlert(null)}
        disabled={add.isPending}
        requiredMark
        preserve={false}
      >
        <Form.Item
          name="email"
          label={t("add.email")}
          rules={[
            { required: true, whitespace: true, message: t("add.emailRequired") },
            {
              validator: (_rule, value: string | undefined) =>
                !value?.trim() || isEmail(value.trim())
                  ? Promise.resolve()
                  : Promise.reject(new Error(t("add.emailInvalid"))),
            },
          ]}
        >
          <Input type="email" autoComplete="off" placeholder={t("add.emailPlaceholder")} maxLength={254} autoFocus />
        </Form.Item>
        <Form.Item
          name="note"
          label={t("add.note")}
          rules={[{ max: SUB_DISTRIBUTOR_NOTE_MAX, message: t("add.noteTooLong", { max: SUB_DISTRIBUTOR_NOTE_MAX }) }]}
        >
          <Input.TextArea
            rows={3}
            showCount
            maxLength={SUB_DISTRIBUTOR_NOTE_MAX}
            placeholder={t("add.notePlaceholder")}
          />
        </Form.Item>
        {alert && <Alert type="error" showIcon title={alert} />}
      </Form>
    </Modal>
  );
}
