import { formatDate } from "@vrf/contract/time.ts";
import { Alert, Button, Checkbox, Flex, Result, Skeleton } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { logout } from "../../../app/logout.ts";
import { ApiError } from "../../../lib/api-error.ts";
import { errorMessage } from "../../../lib/error-text.ts";
import { currentLanguageId } from "../../../lib/i18n.ts";
import { useAcceptPrivacyAgreement } from "../api/use-accept-privacy-agreement.ts";
import { usePrivacyAgreement } from "../api/use-privacy-agreement.ts";
import { AuthLayout } from "../components/auth-layout.tsx";
import { restrictPath } from "../utils/after-login.ts";
import { clearRegistration, readRegistration } from "../utils/journey-storage.ts";

const AGREEMENT_OUTDATED = 700012;

const redirectFromState = (state: unknown): string | null =>
  typeof state === "object" && state !== null && "redirect" in state && typeof state.redirect === "string"
    ? state.redirect
    : null;

/**
 * The privacy agreement: the fourth registration step, and also where sign-in sends a user
 * who has not accepted the current version yet.
 */
export default function LicencePage() {
  const { t } = useTranslation(["auth", "errors"]);
  const location = useLocation();
  const navigate = useNavigate();
  const [inRegistration] = useState(() => readRegistration()?.registered === true);
  const agreement = usePrivacyAgreement(currentLanguageId());
  const accept = useAcceptPrivacyAgreement();
  const [agreed, setAgreed] = useState(false);
  const [acceptError, setAcceptError] = useState<string | null>(null);

  const onAccept = async () => {
    if (!agreement.data) return;
    setAcceptError(null);
    try {
      await accept.mutateAsync(agreement.data.version);
      navigate(inRegistration ? "/userProfile" : restrictPath(redirectFromState(location.state)), { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.errorCode === AGREEMENT_OUTDATED) {
        // A newer text was published while the user was reading: show it and ask again.
        setAgreed(false);
        await agreement.refetch();
      }
      setAcceptError(errorMessage(t, error));
    }
  };

  const [leaving, setLeaving] = useState(false);
  const onDecline = async () => {
    setLeaving(true);
    clearRegistration();
    await logout();
    navigate("/login", { replace: true });
  };

  const subtitle = agreement.data
    ? t("auth:licence.meta", { version: agreement.data.version, date: formatDate(agreement.data.publishedAt) })
    : t("auth:licence.subtitle");

  return (
    <AuthLayout
      wide
      journey={inRegistration ? "registration" : undefined}
      title={agreement.data?.title ?? t("auth:licence.title")}
      subtitle={subtitle}
    >
      {agreement.isLoading && <Skeleton active paragraph={{ rows: 8 }} />}
      {agreement.isError && (
        <Result
          status="error"
          title={t("auth:licence.loadFailed")}
          subTitle={errorMessage(t, agreement.error)}
          extra={<Button onClick={() => agreement.refetch()}>{t("auth:actions.retry")}</Button>}
        />
      )}
      {agreement.data && (
        <>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the scrollable text must be reachable by keyboard */}
          <div className="auth-agreement" tabIndex={0} role="document" aria-label={agreement.data.title}>
            {agreement.data.content}
          </div>
          <Checkbox checked={agreed} onChange={(e) => setAgreed(e.target.checked)} style={{ margin: "20px 0" }}>
            {t("auth:licence.agreeCheckbox")}
          </Checkbox>
          {acceptError && <Alert type="error" showIcon title={acceptError} style={{ marginBottom: 20 }} />}
          <Flex gap={12} justify="flex-end" wrap>
            <Button size="large" onClick={onDecline} disabled={accept.isPending} loading={leaving}>
              {t("auth:licence.decline")}
            </Button>
            <Button size="large" type="primary" onClick={onAccept} disabled={!agreed} loading={accept.isPending}>
              {t("auth:licence.accept")}
            </Button>
          </Flex>
        </>
      )}
    </AuthLayout>
  );
}
