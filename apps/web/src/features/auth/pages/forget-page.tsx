import { MailOutlined } from "@ant-design/icons";
import { MAILBOX_CODE_TYPE } from "@vrf/contract/constants.ts";
import { Button, Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { useSendMailboxCode } from "../api/use-send-mailbox-code.ts";
import { AuthLayout } from "../components/auth-layout.tsx";
import { FormErrorAlert } from "../components/form-error-alert.tsx";
import { useFormServerError } from "../hooks/use-form-server-error.ts";
import { useResendCountdown } from "../hooks/use-resend-countdown.ts";
import { emailRules } from "../utils/form-rules.ts";
import { writeReset } from "../utils/journey-storage.ts";

interface ForgetValues {
  email: string;
}

const FORGET_ERROR_FIELDS = { 600715: "email", 600723: "email", 600902: "email" } as const;
const CODE_TOO_FREQUENT = 600719;

export default function ForgetPage() {
  const { t } = useTranslation("auth");
  const tr = (key: string) => t(key);
  const [form] = Form.useForm<ForgetValues>();
  const navigate = useNavigate();
  const sendCode = useSendMailboxCode();
  const serverError = useFormServerError(form, FORGET_ERROR_FIELDS);
  const email = (Form.useWatch("email", form) ?? "").trim().toLowerCase();
  const { secondsLeft, markSent } = useResendCountdown(MAILBOX_CODE_TYPE.resetPassword, email);

  const goToNewPassword = (address: string) => {
    writeReset({ email: address });
    navigate("/newPassword", { state: { email: address } });
  };

  const onFinish = async (values: ForgetValues) => {
    serverError.clear();
    const address = values.email.trim().toLowerCase();
    try {
      await sendCode.mutateAsync({ email: address, type: MAILBOX_CODE_TYPE.resetPassword });
      markSent(address);
      goToNewPassword(address);
    } catch (error) {
      serverError.show(error);
    }
  };

  const enterCodeAction =
    serverError.alertCode === CODE_TOO_FREQUENT ? (
      <Button size="small" type="link" onClick={() => goToNewPassword(email)}>
        {t("register.enterCode")}
      </Button>
    ) : undefined;

  return (
    <AuthLayout
      journey="reset"
      title={t("forget.title")}
      subtitle={t("forget.subtitle")}
      below={
        <>
          {t("forget.remembered")} <Link to="/login">{t("register.signIn")}</Link>
        </>
      }
    >
      <Form<ForgetValues>
        form={form}
        layout="vertical"
        size="large"
        requiredMark={false}
        onFinish={onFinish}
        onValuesChange={serverError.clear}
        disabled={sendCode.isPending}
      >
        <Form.Item name="email" label={t("fields.email")} rules={emailRules(tr)}>
          <Input
            prefix={<MailOutlined />}
            type="email"
            autoComplete="email"
            placeholder={t("placeholders.email")}
            autoFocus
          />
        </Form.Item>
        <FormErrorAlert message={serverError.alert} action={enterCodeAction} />
        <Button
          type="primary"
          htmlType="submit"
          block
          loading={sendCode.isPending}
          disabled={sendCode.isPending || secondsLeft > 0}
        >
          {secondsLeft > 0 ? t("code.resendIn", { seconds: secondsLeft }) : t("forget.sendCode")}
        </Button>
        {secondsLeft > 0 && (
          <Button type="link" block onClick={() => goToNewPassword(email)} style={{ marginTop: 8 }}>
            {t("register.enterCode")}
          </Button>
        )}
      </Form>
    </AuthLayout>
  );
}
