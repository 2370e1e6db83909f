import { BankOutlined, LockOutlined } from "@ant-design/icons";
import { ZCompanyName } from "@vrf/contract/team/team.ts";
import { Button, Form, Input, Result } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router";
import { contractRule, maxLengthOf } from "../../../lib/contract-rule.ts";
import { saveLogin } from "../../../lib/session.ts";
import { useLogin } from "../api/use-login.ts";
import { useRegisterMailbox } from "../api/use-register-mailbox.ts";
import { useTeamInvitationPreview } from "../api/use-team-invitation-preview.ts";
import { AuthLayout } from "../components/auth-layout.tsx";
import { FormErrorAlert } from "../components/form-error-alert.tsx";
import { PasswordHintList } from "../components/password-hint-list.tsx";
import { useFormServerError } from "../hooks/use-form-server-error.ts";
import { confirmPasswordRules, newPasswordRules } from "../utils/form-rules.ts";
import { registrationFrom, writeRegistration } from "../utils/journey-storage.ts";

interface PasswordValues {
  companyName: string;
  password: string;
  confirm: string;
}

const PASSWORD_ERROR_FIELDS = { 600713: "password", 600714: "password" } as const;
const INVALID_CODE = 600703;
const ALREADY_REGISTERED = 600901;

export default function SetupPasswordPage() {
  const { t } = useTranslation("auth");
  const tr = (key: string) => t(key);
  const location = useLocation();
  const navigate = useNavigate();
  const [draft] = useState(() => registrationFrom(location.state));
  const [form] = Form.useForm<PasswordValues>();
  const password = Form.useWatch("password", form) ?? "";
  const register = useRegisterMailbox();
  const login = useLogin();
  const serverError = useFormServerError(form, PASSWORD_ERROR_FIELDS);
  const pending = register.isPending || login.isPending;
  // An invited address joins the inviting organisation: its name is shown, not asked.
  const preview = useTeamInvitationPreview(
    !draft?.code
      ? null
      : draft.invitationToken
        ? { token: draft.invitationToken }
        : { email: draft.email, code: draft.code },
  );
  const joining = preview.data?.organisationName ?? null;
  useEffect(() => {
    if (joining) form.setFieldValue("companyName", joining);
  }, [joining, form]);

  if (!draft?.code) {
    return (
      <AuthLayout journey="registration" title={t("setupPassword.title")}>
        <Result
          status="warning"
          title={t("setupPassword.noCodeTitle")}
          subTitle={t("setupPassword.noCodeText")}
          extra={
            <Button type="primary" onClick={() => navigate("/register")}>
              {t("setupPassword.startAgain")}
            </Button>
          }
        />
      </AuthLayout>
    );
  }
  const { email, code } = draft;

  const onFinish = async (values: PasswordValues) => {
    serverError.clear();
    try {
      await register.mutateAsync({
        email,
        code,
        password: values.password,
        companyName: values.companyName.trim(),
        ...(draft.invitationToken ? { invitationToken: draft.invitationToken } : {}),
      });
    } catch (error) {
      serverError.show(error);
      return;
    }
    // The account exists now; drop the code and sign in with what the user just typed.
    writeRegistration({ email, registered: true });
    try {
      saveLogin(await login.mutateAsync({ email, password: values.password }));
      navigate("/licence", { replace: true });
    } catch {
      navigate("/login", { replace: true, state: { email } });
    }
  };

  const alertAction =
    serverError.alertCode === INVALID_CODE ? (
      <Link to={`/checkEmail?email=${encodeURIComponent(email)}`}>{t("setupPassword.newCode")}</Link>
    ) : serverError.alertCode === ALREADY_REGISTERED ? (
      <Link to="/login" state={{ email }}>
        {t("register.signInInstead")}
      </Link>
    ) : undefined;

  return (
    <AuthLayout
      journey="registration"
      title={t("setupPassword.title")}
      subtitle={t("setupPassword.subtitle", { email })}
    >
      <Form<PasswordValues>
        form={form}
        layout="vertical"
        size="large"
        requiredMark={false}
        onFinish={onFinish}
        onValuesChange={serverError.clear}
        disabled={pending}
      >
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <Form.Item
          name="companyName"
          label={t("team:organisation.name")}
          extra={joining ? t("team:join.invited", { organisation: joining }) : undefined}
          rules={[contractRule(ZCompanyName, (key) => t(`team:${key}`))]}
        >
          <Input
            prefix={<BankOutlined />}
            autoComplete="organization"
            placeholder={t("team:organisation.namePlaceholder")}
            maxLength={maxLengthOf(ZCompanyName)}
            readOnly={joining !== null}
            autoFocus
          />
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
        <FormErrorAlert message={serverError.alert} action={alertAction} />
        <Button type="primary" htmlType="submit" block loading={pending}>
          {t("setupPassword.submit")}
        </Button>
      </Form>
    </AuthLayout>
  );
}
