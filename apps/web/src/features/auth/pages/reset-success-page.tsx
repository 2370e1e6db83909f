import { Button, Result } from "antd";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { AuthLayout } from "../components/auth-layout.tsx";

export default function ResetSuccessPage() {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  const location = useLocation();

  return (
    <AuthLayout journey="reset">
      <Result
        status="success"
        title={t("resetSuccess.heading")}
        subTitle={t("resetSuccess.text")}
        style={{ padding: "8px 0 0" }}
        extra={
          <Button
            type="primary"
            size="large"
            onClick={() => navigate("/login", { replace: true, state: location.state })}
          >
            {t("resetSuccess.toLogin")}
          </Button>
        }
      />
    </AuthLayout>
  );
}
