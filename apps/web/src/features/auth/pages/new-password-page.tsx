import { LockOutlined, MailOutlined, SafetyOutlined } from "@ant-design/icons";
import { MAILBOX_CODE_TYPE } from "@vrf/contract/constants.ts";
import { Button, Form, Input, message, Space } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useLocation, useNavigate } from "react-router";
import { useResetPassword } from "../api/use-reset-password.ts";
import { useSendMailboxCode } from "../api/use-send-mailbox-code.ts";
import { AuthLayout } from "../components/auth-layout.tsx";
import { FormErrorAlert } from "../components/form-error-alert.tsx";
import { PasswordHintList } from "../components/password-hint-list.tsx";
import { useFormServerError } from "../hooks/use-form-server-error.ts";
import { useResendCountdown } from "../hooks/use-resend-countdown.ts";
import { codeRules, confirmPasswordRules, newPasswordRules } from "../utils/form-rules.ts";
import { clearReset, resetFrom } from "../utils/journey-storage.ts";

interface NewPasswordValues {
  code: string;
  password: string;
  confirm: string;
}

const RESET_ERROR_FIELDS = { 600703: "code", 600713: "password", 600714: "password" } as const;

export default function NewPasswordPage() {
  const { t } = useTranslation("auth");
  const tr = (key: string) => t(key);
  const location = useLocation();
  const navigate = useNavigate();
  const [draft] = useState(() => resetFrom(location.state));
  const email = draft?.email ?? "";
  const [form] = Form.useForm<NewPasswordValues>();
  const password = Form.useWatch("password", form) ?? "";
  const [messageApi, messageHolder] = message.useMessage();
  const resetPassword = useResetPassword();
  const resend = useSendMailboxCode();
  const serverError = useFormServerError(form, RESET_ERROR_FIELDS);
  const { secondsLeft, markSent } = useResendCountdown(MAILBOX_CODE_TYPE.resetPassword, email);

  if (!email) return <Navigate to="/forget" replace />;

  const onFinish = async (values: NewPasswordValues) => {
    serverError.clear();
    try {
      await resetPassword.mutateAsync({ email, code: values.code.trim(), password: values.password });
      clearReset();
      navigate("/resetSuccess", { replace: true, state: { email } });
    } catch (error) {
      serverError.show(error);
    }
  };

  const onResend = async () => {
    serverError.clear();
    try {
      await resend.mutateAsync({ email, type: MAILBOX_CODE_TYPE.resetPassword });
      markSent();
      form.setFieldValue("code", "");
      messageApi.success(t("code.sent"));
    } catch (error) {
      serverError.show(error);
    }
  };

  return (
    <AuthLayout
      journey="reset"
      title={t("newPassword.title")}
      subtitle={t("newPassword.subtitle")}
      below={<Link to="/forget">{t("checkEmail.changeEmail")}</Link>}
    >
      {messageHolder}
      <p style={{ margin: "0 0 24px" }}>
        <span className="auth-email-chip">
          <MailOutlined />
          {email}
        </span>
      </p>
      <Form<NewPasswordValues>
        form={form}
        layout="vertical"
        size="large"
        requiredMark={false}
        onFinish={onFinish}
        onValuesChange={serverError.clear}
        disabled={resetPassword.isPending}
      >
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <Form.Item label={t("fields.code")} required>
          <Space.Compact block>
            <Form.Item name="code" noStyle rules={codeRules(tr)}>
              <Input
                prefix={<SafetyOutlined />}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                placeholder={t("placeholders.code")}
                autoFocus
              />
            </Form.Item>
            <Button onClick={onResend} disabled={secondsLeft > 0 || resend.isPending} loading={resend.isPending}>
              {secondsLeft > 0 ? t("code.waitShort", { seconds: secondsLeft }) : t("code.resend")}
            </Button>
          </Space.Compact>
        </Form.Item>
        <Form.Item name="password" label={t("fields.newPassword")} rules={newPasswordRules(tr)}>
          <Input.Password
            prefix={<LockOutlined />}
            autoComplete="new-password"
            placeholder={t("placeholders.newPassword")}
          />
        </Form.Item>
        <PasswordHintList value={password} />
        <Form.Item
          name="confirm"
          label={t("fields.confirmPassword")}
          dependencies={["password"]}
          rules={confirmPasswordRules(tr, "password")}
        >
          <Input.Password
            prefix={<LockOutlined />}
            autoComplete="new-password"
            placeholder={t("placeholders.confirmPassword")}
          />
        </Form.Item>
        <FormErrorAlert message={serverError.alert} />
        <Button type="primary" htmlType="submit" block loading={resetPassword.isPending}>
          {t("newPassword.submit")}
        </Button>
      </Form>
    </AuthLayout>
  );
}
