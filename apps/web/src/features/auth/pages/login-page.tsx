import { LockOutlined, MailOutlined } from "@ant-design/icons";
import type { TLoginPwdResponse } from "@vrf/contract/account/login.ts";
import type { TOfferedInvitation } from "@vrf/contract/team/join.ts";
import { Button, Form, Input } from "antd";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router";
import { redirectTarget } from "../../../app/guard.ts";
import { loadShellTexts } from "../../../lib/i18n.ts";
import { saveLogin } from "../../../lib/session.ts";
import { useFetchOfferedTeamInvitations } from "../api/use-fetch-offered-team-invitations.ts";
import { useLogin } from "../api/use-login.ts";
import { useFetchPrivacyAcceptance } from "../api/use-privacy-acceptance.ts";
import { AuthLayout } from "../components/auth-layout.tsx";
import { FormErrorAlert } from "../components/form-error-alert.tsx";
import { useEnterAfterSignIn } from "../hooks/use-enter-after-sign-in.ts";
import { useFormServerError } from "../hooks/use-form-server-error.ts";
import { emailRules, signInPasswordRules } from "../utils/form-rules.ts";

// Shown only after a sign-in that has invitations waiting: not part of the sign-in page's first load.
const TeamInvitationOffer = lazy(() =>
  Promise.all([import("../components/team-invitation-offer.tsx"), loadShellTexts()]).then(([m]) => ({
    default: m.TeamInvitationOffer,
  })),
);

interface LoginValues {
  email: string;
  password: string;
}

const LOGIN_ERROR_FIELDS = { 600715: "email", 600904: "email", 600905: "password" } as const;

const prefilledEmail = (state: unknown): string =>
  typeof state === "object" && state !== null && "email" in state && typeof state.email === "string" ? state.email : "";

export default function LoginPage() {
  const { t } = useTranslation("auth");
  const tr = (key: string) => t(key);
  const [form] = Form.useForm<LoginValues>();
  const location = useLocation();
  const navigate = useNavigate();
  const redirect = redirectTarget(location.search);
  const login = useLogin();
  const fetchAcceptance = useFetchPrivacyAcceptance();
  const { enter } = useEnterAfterSignIn();
  const [entering, setEntering] = useState(false);
  const serverError = useFormServerError(form, LOGIN_ERROR_FIELDS);
  const fetchOffered = useFetchOfferedTeamInvitations();
  const [offer, setOffer] = useState<{ session: TLoginPwdResponse; invitations: TOfferedInvitation[] } | null>(null);
  const pending = login.isPending || entering;

  const onFinish = async (values: LoginValues) => {
    serverError.clear();
    let session: Awaited<ReturnType<typeof login.mutateAsync>>;
    try {
      session = await login.mutateAsync({ email: values.email.trim(), password: values.password });
    } catch (error) {
      serverError.show(error);
      return;
    }
    saveLogin(session);
    setEntering(true);
    try {
      // A team invitation to this address is offered first: joining changes the account's modules.
      const offered = await fetchOffered().catch(() => null);
      if (offered && offered.list.length > 0) {
        setOffer({ session, invitations: offered.list });
        return;
      }
      await proceed(session);
    } finally {
      setEntering(false);
    }
  };

  const proceed = async (session: TLoginPwdResponse) => {
    // A newly published agreement has to be accepted before any module opens.
    const acceptance = await fetchAcceptance().catch(() => null);
    if (acceptance && !acceptance.accepted) {
      navigate("/licence", { replace: true, state: { redirect } });
      return;
    }
    await enter(session, redirect);
  };

  const afterOffer = async (roles: string | null) => {
    if (!offer) return;
    const session = roles === null ? offer.session : { ...offer.session, roles };
    if (roles !== null) saveLogin(session);
    setOffer(null);
    setEntering(true);
    try {
      await proceed(session);
    } finally {
      setEntering(false);
    }
  };

  return (
    <AuthLayout
      title={t("login.title")}
      subtitle={t("login.subtitle")}
      below={
        <>
          {t("login.noAccount")} <Link to="/register">{t("login.createAccount")}</Link>
        </>
      }
    >
      <Form<LoginValues>
        form={form}
        layout="vertical"
        size="large"
        requiredMark={false}
        initialValues={{ email: prefilledEmail(location.state), password: "" }}
        onFinish={onFinish}
        onValuesChange={serverError.clear}
        disabled={pending}
      >
        <Form.Item name="email" label={t("fields.email")} rules={emailRules(tr)}>
          <Input
            prefix={<MailOutlined />}
            type="email"
            autoComplete="username"
            placeholder={t("placeholders.email")}
            autoFocus
          />
        </Form.Item>
        <Form.Item
          name="password"
          label={t("fields.password")}
          rules={signInPasswordRules(tr)}
          extra={
            <div style={{ textAlign: "right", marginTop: 4 }}>
              <Link to="/forget">{t("login.forgotPassword")}</Link>
            </div>
          }
        >
          <Input.Password
            prefix={<LockOutlined />}
            autoComplete="current-password"
            placeholder={t("placeholders.password")}
          />
        </Form.Item>
        <FormErrorAlert message={serverError.alert} />
        <Button type="primary" htmlType="submit" block loading={pending} disabled={pending}>
          {pending ? t("login.signingIn") : t("login.submit")}
        </Button>
      </Form>
      {offer && (
        <Suspense fallback={null}>
          <TeamInvitationOffer invitations={offer.invitations} onDone={(roles) => void afterOffer(roles)} />
        </Suspense>
      )}
    </AuthLayout>
  );
}
