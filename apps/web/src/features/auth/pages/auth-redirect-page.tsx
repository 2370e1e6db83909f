import { Button, Result, Spin } from "antd";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { redirectTarget } from "../../../app/guard.ts";
import { saveLogin } from "../../../lib/session.ts";
import { useHandoverLogin } from "../api/use-handover-login.ts";
import { useFetchPrivacyAcceptance } from "../api/use-privacy-acceptance.ts";
import { AuthLayout } from "../components/auth-layout.tsx";
import { useEnterAfterSignIn } from "../hooks/use-enter-after-sign-in.ts";

/** The handed token, by the name a sibling system of the account platform sends it under. */
const handedTokenOf = (search: string): string | null => {
  const params = new URLSearchParams(search);
  return params.get("token") || params.get("accessToken") || null;
};

/**
 * `/auth-redirect?token=…&redirect=/path`: a sibling system signs its user in here. The token is
 * taken out of the address at once (it would stay in the history otherwise), traded for a sign-in
 * of this browser's own, and the user goes on as after the sign-in form: the privacy agreement
 * when a new one is out, then the remembered module or the module chooser.
 */
export default function AuthRedirectPage() {
  const { t } = useTranslation("auth");
  const location = useLocation();
  const navigate = useNavigate();
  const handover = useHandoverLogin();
  const fetchAcceptance = useFetchPrivacyAcceptance();
  const { enter } = useEnterAfterSignIn();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);
  const { mutateAsync: trade } = handover;

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const handed = handedTokenOf(location.search);
    const redirect = redirectTarget(location.search);
    if (!handed) {
      navigate(redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : "/login", { replace: true });
      return;
    }
    navigate("/auth-redirect", { replace: true });
    void (async () => {
      const session = await trade(handed).catch(() => null);
      if (!session) {
        setFailed(true);
        return;
      }
      saveLogin(session);
      const acceptance = await fetchAcceptance().catch(() => null);
      if (acceptance && !acceptance.accepted) {
        navigate("/licence", { replace: true, state: { redirect } });
        return;
      }
      await enter(session, redirect);
    })();
  }, [location.search, navigate, trade, fetchAcceptance, enter]);

  return (
    <AuthLayout>
      {failed ? (
        <Result
          status="warning"
          title={t("authRedirect.failedTitle")}
          subTitle={t("authRedirect.failedText")}
          style={{ padding: "8px 0 0" }}
          extra={
            <Button type="primary" size="large" onClick={() => navigate("/login", { replace: true })}>
              {t("authRedirect.toLogin")}
            </Button>
          }
        />
      ) : (
        <div style={{ textAlign: "center", padding: "48px 0" }} role="status">
          <Spin size="large" />
          <p style={{ marginTop: 16 }}>{t("authRedirect.signingIn")}</p>
        </div>
      )}
    </AuthLayout>
  );
}
