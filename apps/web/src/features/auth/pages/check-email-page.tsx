import { MailOutlined } from "@ant-design/icons";
import { MAILBOX_CODE_TYPE } from "@vrf/contract/constants.ts";
import { isVerificationCode } from "@vrf/contract/rules.ts";
import { Button, Form, Input, message } from "antd";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from "react-router";
import { useCheckMailboxCode } from "../api/use-check-mailbox-code.ts";
import { useSendMailboxCode } from "../api/use-send-mailbox-code.ts";
import { AuthLayout } from "../components/auth-layout.tsx";
import { FormErrorAlert } from "../components/form-error-alert.tsx";
import { useFormServerError } from "../hooks/use-form-server-error.ts";
import { useResendCountdown } from "../hooks/use-resend-countdown.ts";
import { codeRules } from "../utils/form-rules.ts";
import { registrationFrom, writeRegistration } from "../utils/journey-storage.ts";

interface CodeValues {
  code: string;
}

const CODE_ERROR_FIELDS = { 600703: "code" } as const;

export default function CheckEmailPage() {
  const { t } = useTranslation("auth");
  const tr = (key: string) => t(key);
  const [params] = useSearchParams();
  const location = useLocation();
  const draft = registrationFrom(location.state);
  const email = (params.get("email") ?? draft?.email ?? "").trim().toLowerCase();
  // A team invitation link's token goes on with the code, for the address it was sent to.
  const invitation = draft?.invitationToken && draft.email === email ? { invitationToken: draft.invitationToken } : {};
  const [form] = Form.useForm<CodeValues>();
  const navigate = useNavigate();
  const [messageApi, messageHolder] = message.useMessage();
  const checkCode = useCheckMailboxCode();
  const resend = useSendMailboxCode();
  const verifyError = useFormServerError(form, CODE_ERROR_FIELDS);
  const { secondsLeft, markSent } = useResendCountdown(MAILBOX_CODE_TYPE.register, email);

  if (!email) return <Navigate to="/register" replace />;

  const onFinish = async ({ code }: CodeValues) => {
    verifyError.clear();
    try {
      await checkCode.mutateAsync({ email, code, type: MAILBOX_CODE_TYPE.register });
      // The code travels on in router state and this tab's storage, never in the address bar.
      writeRegistration({ email, code, ...invitation });
      navigate("/setupPwd", { state: { email, code, ...invitation } });
    } catch (error) {
      verifyError.show(error);
    }
  };

  const onResend = async () => {
    verifyError.clear();
    try {
      await resend.mutateAsync({ email, type: MAILBOX_CODE_TYPE.register });
      markSent();
      form.resetFields();
      messageApi.success(t("code.sent"));
    } catch (error) {
      verifyError.show(error);
    }
  };

  return (
    <AuthLayout
      journey="registration"
      title={t("checkEmail.title")}
      subtitle={t("checkEmail.subtitle")}
      below={<Link to="/register">{t("checkEmail.changeEmail")}</Link>}
    >
      {messageHolder}
      <p style={{ margin: "0 0 24px" }}>
        <span className="auth-email-chip">
          <MailOutlined />
          {email}
        </span>
      </p>
      <Form<CodeValues>
        form={form}
        layout="vertical"
        size="large"
        requiredMark={false}
        onFinish={onFinish}
        onValuesChange={(changed: Partial<CodeValues>) => {
          verifyError.clear();
          // Six digits typed or pasted: verify straight away. Deferred, because submitting while the
          // field's own validation of this keystroke runs would leave the submit's result out of date.
          if (changed.code && isVerificationCode(changed.code)) window.setTimeout(() => form.submit(), 0);
        }}
        disabled={checkCode.isPending}
      >
        <Form.Item
          name="code"
          label={t("fields.code")}
          rules={codeRules(tr)}
          extra={t("checkEmail.codeHelp")}
          // OTP's onChange only fires once every cell is filled; onInput keeps the value current while editing.
          trigger="onInput"
          getValueFromEvent={(cells: string[]) => cells.join("")}
          validateTrigger="onInput"
        >
          <Input.OTP length={6} formatter={(value) => value.replace(/\D/g, "")} autoFocus />
        </Form.Item>
        <FormErrorAlert message={verifyError.alert} />
        <Button type="primary" htmlType="submit" block loading={checkCode.isPending}>
          {t("checkEmail.submit")}
        </Button>
      </Form>
      <div style={{ marginTop: 16, textAlign: "center" }}>
        <span style={{ color: "#5f7078" }}>{t("code.notReceived")}</span>{" "}
        <Button
          type="link"
          onClick={onResend}
          disabled={secondsLeft > 0}
          loading={resend.isPending}
          style={{ padding: 0 }}
        >
          {secondsLeft > 0 ? t("code.resendIn", { seconds: secondsLeft }) : t("code.resend")}
        </Button>
      </div>
    </AuthLayout>
  );
}
