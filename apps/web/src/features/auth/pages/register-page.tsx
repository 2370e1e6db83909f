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
import { writeRegistration } from "../utils/journey-storage.ts";

interface RegisterValues {
  email: string;
}

const REGISTER_ERROR_FIELDS = { 600715: "email", 600723: "email" } as const;
const ALREADY_REGISTERED = 600901;
const CODE_TOO_FREQUENT = 600719;

const checkEmailPath = (email: string) => `/checkEmail?email=${encodeURIComponent(email)}`;

export default function RegisterPage() {
  const { t } = useTranslation("auth");
  const tr = (key: string) => t(key);
  const [form] = Form.useForm<RegisterValues>();
  const navigate = useNavigate();
  const sendCode = useSendMailboxCode();
  const serverError = useFormServerError(form, REGISTER_ERROR_FIELDS);
  const email = (Form.useWatch("email", form) ?? "").trim().toLowerCase();
  const { secondsLeft, markSent } = useResendCountdown(MAILBOX_CODE_TYPE.register, email);

  const goToCode = (address: string) => {
    writeRegistration({ email: address });
    navigate(checkEmailPath(address), { state: { email: address } });
  };

  const onFinish = async (values: RegisterValues) => {
    serverError.clear();
    const address = values.email.trim().toLowerCase();
    try {
      await sendCode.mutateAsync({ email: address, type: MAILBOX_CODE_TYPE.register });
      markSent(address);
      goToCode(address);
    } catch (error) {
      serverError.show(error);
    }
  };

  const alertAction =
    serverError.alertCode === ALREADY_REGISTERED ? (
      <Link to="/login" state={{ email }}>
        {t("register.signInInstead")}
      </Link>
    ) : serverError.alertCode === CODE_TOO_FREQUENT ? (
      <Button size="small" type="link" onClick={() => goToCode(email)}>
        {t("register.enterCode")}
      </Button>
    ) : undefined;

  return (
    <AuthLayout
      journey="registration"
      title={t("register.title")}
      subtitle={t("register.subtitle")}
      below={
        <>
          {t("register.haveAccount")} <Link to="/login">{t("register.signIn")}</Link>
        </>
      }
    >
      <Form<RegisterValues>
        form={form}
        layout="vertical"
        size="large"
        requiredMark={false}
        onFinish={onFinish}
        onValuesChange={serverError.clear}
        disabled={sendCode.isPending}
      >
        <Form.Item name="email" label={t("fields.email")} rules={emailRules(tr)} extra={t("register.emailHelp")}>
          <Input
            prefix={<MailOutlined />}
            type="email"
            autoComplete="email"
            placeholder={t("placeholders.email")}
            autoFocus
          />
        </Form.Item>
        <FormErrorAlert message={serverError.alert} action={alertAction} />
        <Button
          type="primary"
          htmlType="submit"
          block
          loading={sendCode.isPending}
          disabled={sendCode.isPending || secondsLeft > 0}
        >
          {secondsLeft > 0 ? t("code.resendIn", { seconds: secondsLeft }) : t("register.sendCode")}
        </Button>
        {secondsLeft > 0 && (
          <Button type="link" block onClick={() => goToCode(email)} style={{ marginTop: 8 }}>
            {t("register.enterCode")}
          </Button>
        )}
      </Form>
    </AuthLayout>
  );
}
