import { MailOutlined } from "@ant-design/icons";
import { MAILBOX_CODE_TYPE } from "@vrf/contract/constants.ts";
import { Alert, Button, Form, Input } from "antd";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { useErrorText } from "../../../lib/error-text.ts";
import { useSendMailboxCode } from "../api/use-send-mailbox-code.ts";
import { useTeamInvitationPreview } from "../api/use-team-invitation-preview.ts";
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
  const errorText = useErrorText();
  // A team invitation's link (?invitation=token): the address is the invited one, the organisation named.
  const [params] = useSearchParams();
  const invitationToken = params.get("invitation") || null;
  const preview = useTeamInvitationPreview(invitationToken ? { token: invitationToken } : null);
  const invited = preview.data ?? null;
  useEffect(() => {
    if (invited) form.setFieldValue("email", invited.email);
  }, [invited, form]);

  const goToCode = (address: string) => {
    const invitation = invited && invitationToken && invited.email === address ? { invitationToken } : {};
    writeRegistration({ email: address, ...invitation });
    navigate(checkEmailPath(address), { state: { email: address, ...invitation } });
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
      {invited && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t("team:join.invited", { organisation: invited.organisationName })}
          description={t("team:join.invitedHelp")}
        />
      )}
      {preview.isError && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={t("team:join.invalid")}
          description={`${errorText(preview.error)} ${t("team:join.invalidHelp")}`}
        />
      )}
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
            readOnly={invited !== null}
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
